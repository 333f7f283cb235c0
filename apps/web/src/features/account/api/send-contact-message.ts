import type { TContactRequest } from '@app/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function sendContactMessage(request: TContactRequest): Promise<void> {
  return apiClient.post('/user/contact', { body: request });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
