import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { createSetupIntent } from './create-setup-intent';
import { billingKeys } from './query-keys';

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };
export type SepaDetails = { iban: string; accountHolderName: string; email: string };
export type PaymentDetails = { card: CardDetails } | { sepa: SepaDetails };

type ConfirmedSetupIntent = { id: string; status: string; paymentMethodId: string | null };

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

/** Saves a card or an IBAN with the sandbox: a setup intent, then its confirmation. */
export async function addSandboxPaymentMethod(details: PaymentDetails): Promise<string | null> {
  const intent = await createSetupIntent('card' in details ? 'card' : 'sepa_debit');
  const confirmed = await confirmSandboxSetupIntent({ setupIntentId: intent.id, details });
  return confirmed.paymentMethodId;
}

/**
 * Saves a payment method with the gateway's `save` (the sandbox's, or Stripe's) and reloads
 * the team's list, which the server reads from the gateway. Answers the new method's id.
 */
export function useAddPaymentMethod<TInput>(save: (input: TInput) => Promise<string | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods() }),
  });
}
