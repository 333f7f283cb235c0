import { APP_ID_HEADER } from '@app/contracts/auth';
import type { TRegisterRequest, ZRegisterResponse } from '@app/contracts/registration';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// The contracts export no `TRegisterResponse` type yet; this is its inferred output.
type RegisterResponse = (typeof ZRegisterResponse)['_output'];

export function register(request: TRegisterRequest): Promise<RegisterResponse> {
  return apiClient.post<RegisterResponse>('/register', {
    body: request,
    headers: { [APP_ID_HEADER]: 'web' },
    signOutOnUnauthorized: false,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
