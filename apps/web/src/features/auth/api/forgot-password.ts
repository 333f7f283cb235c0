import type { TForgotPasswordRequest } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function requestPasswordReset(request: TForgotPasswordRequest): Promise<void> {
  return apiClient.post('/forgot_password', { body: request, signOutOnUnauthorized: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
