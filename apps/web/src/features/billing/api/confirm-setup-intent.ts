import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { createSetupIntent } from './create-setup-intent';
import { billingKeys } from './query-keys';

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };
export type SepaDetails = { iban: string; accountHolderName: string; email: string };
export type PaymentDetails = { card: CardDetails } | { sepa: SepaDetails };

type ConfirmedSetupIntent = { id: string; status: string; paymentMethodId: string | null };

/** Thrown when the active gateway needs its own browser library (Stripe Elements). */
export class UnsupportedGatewayError extends Error {
  constructor(readonly gateway: string) {
    super(`The ${gateway} gateway is not supported by this form.`);
    this.name = 'UnsupportedGatewayError';
  }
}

/** The sandbox gateway's stand-in for the provider's browser library: confirms with the details. */
export function confirmSandboxSetupIntent(options: {
  setupIntentId: string;
  details: PaymentDetails;
}): Promise<ConfirmedSetupIntent> {
  return apiClient.post<ConfirmedSetupIntent>(
    `/sandbox/setup_intents/${encodeURIComponent(options.setupIntentId)}/confirm`,
    { body: options.details },
  );
}

/** Saves a card or an IBAN: a setup intent, then its confirmation. Answers the new method's id. */
export async function addPaymentMethod(details: PaymentDetails): Promise<string | null> {
  const intent = await createSetupIntent('card' in details ? 'card' : 'sepa_debit');
  if (intent.gateway !== 'sandbox') throw new UnsupportedGatewayError(intent.gateway);
  const confirmed = await confirmSandboxSetupIntent({ setupIntentId: intent.id, details });
  return confirmed.paymentMethodId;
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods() }),
  });
}
