import type { TSubscribeResponse } from '@app/contracts/billing';
import type { PaymentAction } from '../../../components/payment/payment-client';

export type PaymentOutcome =
  | { kind: 'success' }
  | { kind: 'planChanged'; startsAt: string | null }
  | { kind: 'processing' }
  | { kind: 'failed' }
  | { kind: 'requiresAction'; action: PaymentAction }
  | { kind: 'error'; message: string };

/** Spec section 4's payment flow: what a checkout, a payment or a plan change ended in. */
export function getPaymentOutcome(options: {
  response: TSubscribeResponse;
  isPlanChange: boolean;
}): PaymentOutcome {
  const { response, isPlanChange } = options;
  const { subscription, paymentStatus } = response;
  switch (paymentStatus) {
    case 'requires_action': {
      // The gateway's client completes it: the sandbox's challenge page, or Stripe.js.
      const intent = subscription.paymentIntent;
      return {
        kind: 'requiresAction',
        action: {
          clientSecret: response.clientSecret ?? intent?.clientSecret ?? null,
          nextActionUrl: intent?.nextActionUrl ?? null,
        },
      };
    }
    case 'requires_payment_method':
    case 'canceled':
      return { kind: 'failed' };
    case 'processing':
      return { kind: 'processing' };
    default:
      break;
  }
  if (subscription.status === 'PROCESSING') return { kind: 'processing' };
  if (isPlanChange) {
    return { kind: 'planChanged', startsAt: subscription.scheduledChange?.startsAt ?? null };
  }
  if (subscription.status === 'ACTIVE' || paymentStatus === 'succeeded') return { kind: 'success' };
  return { kind: 'failed' };
}
