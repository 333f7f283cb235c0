import type { TSessionResponse } from '@app/contracts/auth';
import type { TAcceptInvitationRequest } from '@app/contracts/team';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';

type AcceptInvitationOptions = { token: string; request: TAcceptInvitationRequest };

/** Creates the invited member's account; like a registration confirmation, it opens a session. */
export function acceptInvitation({
  token,
  request,
}: AcceptInvitationOptions): Promise<TSessionResponse> {
  return apiClient.post<TSessionResponse>(`/team/registration/${encodeURIComponent(token)}`, {
    body: request,
    signOutOnUnauthorized: false,
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation, onSuccess: startSession });
}
