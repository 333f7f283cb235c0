import { Elements } from '@stripe/react-stripe-js';
import type { PaymentMethodType } from '@app/contracts/billing';
import { getStripe } from './load-stripe';
import type { StripeLocale } from './payment-client';
import type { MethodFormProps } from './add-method-form';
import { StripeCardForm } from './stripe-card-form';
import { StripeIbanForm } from './stripe-iban-form';

type StripePaymentFormProps = MethodFormProps & {
  type: PaymentMethodType;
  publishableKey: string;
  locale: StripeLocale;
};

/**
 * The Stripe gateway's card or IBAN form inside Stripe Elements. A lazy chunk of its own:
 * with the sandbox, neither Stripe.js nor React Stripe is downloaded.
 */
export function StripePaymentForm({
  type,
  publishableKey,
  locale,
  ...props
}: StripePaymentFormProps) {
  return (
    // Stripe.js is made for one locale: another language loads it again.
    <Elements key={locale} stripe={getStripe({ publishableKey, locale })} options={{ locale }}>
      {type === 'card' ? <StripeCardForm {...props} /> : <StripeIbanForm {...props} />}
    </Elements>
  );
}
