import { requireStripe } from '../load-stripe';
import type { ActionOutcome, StripeLocale } from '../payment-client';

/**
 * Completes a payment intent in requires_action with Stripe.js (its 3-D Secure dialog). The
 * server learns the outcome from Stripe's webhook; the caller reads the subscription again.
 */
export async function confirmStripePayment(options: {
  publishableKey: string;
  locale: StripeLocale;
  clientSecret: string;
}): Promise<ActionOutcome> {
  const stripe = await requireStripe(options);
  const { paymentIntent, error } = await stripe.confirmCardPayment(options.clientSecret);
  if (error) {
    return {
      kind:
        error.code === 'payment_intent_authentication_failure' ? 'authenticationFailed' : 'failed',
    };
  }
  if (paymentIntent.status === 'succeeded') return { kind: 'success' };
  if (paymentIntent.status === 'processing') return { kind: 'processing' };
  return { kind: 'failed' };
}
