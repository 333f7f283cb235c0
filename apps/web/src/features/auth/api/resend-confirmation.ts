import type { TResendConfirmationRequest } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function resendConfirmation(request: TResendConfirmationRequest): Promise<void> {
  return apiClient.put('/register/token/resend', { body: request, signOutOnUnauthorized: false });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
