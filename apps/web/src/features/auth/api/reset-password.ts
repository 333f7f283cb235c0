import type { TResetPasswordRequest } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function resetPassword(request: TResetPasswordRequest): Promise<void> {
  return apiClient.post('/reset_password', { body: request, signOutOnUnauthorized: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
