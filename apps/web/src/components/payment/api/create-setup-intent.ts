import type { PaymentMethodType, TSetupIntentResponse } from '@app/contracts/billing';
import { apiClient } from '../../../lib/api-client';

/** Asks the gateway for a setup intent, the first step of saving a card or an IBAN. */
export function createSetupIntent(type: PaymentMethodType): Promise<TSetupIntentResponse> {
  return apiClient.post<TSetupIntentResponse>(`/payments/intent/${type}`);
}
