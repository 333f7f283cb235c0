import type { TSubscribeResponse } from '@app/contracts/billing';

export type PaymentOutcome =
  | { kind: 'success' }
  | { kind: 'planChanged'; startsAt: string | null }
  | { kind: 'processing' }
  | { kind: 'failed' }
  | { kind: 'requiresAction'; challengePath: string }
  | { kind: 'error'; message: string };

/** The app path of a 3-D Secure page, with where to come back to once it is answered. */
export function toChallengePath(nextActionUrl: string, returnTo: string): string {
  const url = new URL(nextActionUrl, window.location.origin);
  const path = url.origin === window.location.origin ? url.pathname : nextActionUrl;
  return `${path}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Spec section 4's payment flow: what a checkout, a payment or a plan change ended in. */
export function getPaymentOutcome(options: {
  response: TSubscribeResponse;
  returnTo: string;
  isPlanChange: boolean;
}): PaymentOutcome {
  const { response, returnTo, isPlanChange } = options;
  const { subscription, paymentStatus } = response;
  switch (paymentStatus) {
    case 'requires_action': {
      const url = subscription.paymentIntent?.nextActionUrl;
      return url
        ? { kind: 'requiresAction', challengePath: toChallengePath(url, returnTo) }
        : {
            kind: 'failed',
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

/** Where the 3-D Secure page sends the user back, in the navigation state. */
export type ChallengeReturnState = { challengeResult: 'success' | 'processing' | 'failed' };

export function isChallengeReturnState(value: unknown): value is ChallengeReturnState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'challengeResult' in value &&
    typeof value.challengeResult === 'string'
  );
}
