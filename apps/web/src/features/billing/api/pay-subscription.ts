import type { TSubscribeResponse } from '@app/contracts/billing';
import { apiClient } from '../../../lib/api-client';

/** "Go to Pay": charges a PENDING or INCOMPLETE subscription with the chosen payment method. */
export function paySubscription(options: {
  id: string;
  paymentId: string;
}): Promise<TSubscribeResponse> {
  return apiClient.put<TSubscribeResponse>(`/user/subscription/${encodeURIComponent(options.id)}`, {
    body: { paymentId: options.paymentId },
  });
}
