import type { TSessionResponse } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';

/** The link of an email change: the server ends the other sessions and answers a new one. */
export function confirmEmailChange(token: string): Promise<TSessionResponse> {
  return apiClient.post<TSessionResponse>(`/user/email/confirm/${encodeURIComponent(token)}`, {
    signOutOnUnauthorized: false,
  });
}

export function useConfirmEmailChange() {
  return useMutation({ mutationFn: confirmEmailChange, onSuccess: startSession });
}
