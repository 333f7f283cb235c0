import type { TLoginRequest, TSessionResponse } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';

export function login(credentials: TLoginRequest): Promise<TSessionResponse> {
  return apiClient.post<TSessionResponse>('/login', {
    body: credentials,
    signOutOnUnauthorized: false,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
