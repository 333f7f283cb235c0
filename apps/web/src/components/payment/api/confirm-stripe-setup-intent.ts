import type { PaymentMethodType } from '@app/contracts/billing';
import type {
  SetupIntentResult,
  Stripe,
  StripeCardElement,
  StripeIbanElement,
} from '@stripe/stripe-js';
import { StripeRequestError } from '../stripe-errors';
import { createSetupIntent } from './create-setup-intent';

/**
 * Our server's setup intent, confirmed by Stripe.js with what the Element holds: Stripe then
 * attaches the new method to the team's customer, where the server lists it from. Answers
 * the new method's id.
 */
async function confirmSetup(
  type: PaymentMethodType,
  confirm: (clientSecret: string) => Promise<SetupIntentResult>,
): Promise<string | null> {
  const intent = await createSetupIntent(type);
  const result = await confirm(intent.clientSecret);
  if (result.error) throw new StripeRequestError(result.error);
  const method = result.setupIntent.payment_method;
  return typeof method === 'string' ? method : (method?.id ?? null);
}

/** Saves a card typed into Stripe's CardElement. */
export function addStripeCard(options: {
  stripe: Stripe;
  card: StripeCardElement;
}): Promise<string | null> {
  return confirmSetup('card', (clientSecret) =>
    options.stripe.confirmCardSetup(clientSecret, { payment_method: { card: options.card } }),
  );
}

/** Saves a SEPA account typed into Stripe's IbanElement, with the mandate's holder and email. */
export function addStripeSepaAccount(options: {
  stripe: Stripe;
  iban: StripeIbanElement;
  accountHolderName: string;
  email: string;
}): Promise<string | null> {
  return confirmSetup('sepa_debit', (clientSecret) =>
    options.stripe.confirmSepaDebitSetup(clientSecret, {
      payment_method: {
        sepa_debit: options.iban,
        billing_details: { name: options.accountHolderName, email: options.email },
      },
    }),
  );
}
