import type { TSessionResponse } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';

export function confirmRegistration(token: string): Promise<TSessionResponse> {
  return apiClient.post<TSessionResponse>(`/register/confirm/${encodeURIComponent(token)}`, {
    signOutOnUnauthorized: false,
  });
}

export function useConfirmRegistration() {
  return useMutation({ mutationFn: confirmRegistration, onSuccess: startSession });
}
