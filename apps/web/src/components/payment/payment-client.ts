import type { TPaymentIntentSummary, TPaymentsConfigResponse } from '@app/contracts/billing';

/** The languages Stripe Elements and its 3-D Secure dialog are shown in. */
export type StripeLocale = 'es' | 'en';

export function toStripeLocale(language: string): StripeLocale {
  return language.startsWith('es') ? 'es' : 'en';
}

/** The app path of a 3-D Secure page, with where to come back to once it is answered. */
export function toChallengePath(nextActionUrl: string, returnTo: string): string {
  const url = new URL(nextActionUrl, window.location.origin);
  const path = url.origin === window.location.origin ? url.pathname : nextActionUrl;
  return `${path}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** What a payment awaiting the card holder (requires_action) carries to complete it. */
export type PaymentAction = Pick<TPaymentIntentSummary, 'clientSecret' | 'nextActionUrl'>;

/** A completed action ends in a result; the sandbox's ends on its own challenge page. */
export type ActionOutcome =
  | { kind: 'navigate'; path: string }
  | { kind: 'success' | 'processing' | 'failed' | 'authenticationFailed' };

/**
 * The browser side of the active gateway, chosen from `GET /api/payments/config`: the
 * sandbox (our own card and IBAN forms, our 3-D Secure page) or Stripe (Stripe Elements and
 * Stripe.js's authentication dialog). Stripe.js is loaded only by the Stripe client.
 */
export type PaymentClient =
  | { gateway: 'sandbox'; completeAction: CompleteAction }
  | {
      gateway: 'stripe';
      publishableKey: string;
      locale: StripeLocale;
      completeAction: CompleteAction;
    };

type CompleteAction = (options: {
  action: PaymentAction;
  returnTo: string;
}) => Promise<ActionOutcome>;

export function createPaymentClient(options: {
  config: TPaymentsConfigResponse;
  locale: StripeLocale;
}): PaymentClient {
  const { config, locale } = options;
  const publishableKey = config.publishableKey;
  if (config.gateway === 'stripe' && publishableKey !== null) {
    return {
      gateway: 'stripe',
      publishableKey,
      locale,
      completeAction: async ({ action }) => {
        if (action.clientSecret === null) return { kind: 'failed' };
        const { confirmStripePayment } = await import('./api/confirm-stripe-payment');
        return confirmStripePayment({ publishableKey, locale, clientSecret: action.clientSecret });
      },
    };
  }
  return {
    gateway: 'sandbox',
    completeAction: ({ action, returnTo }) =>
      Promise.resolve(
        action.nextActionUrl === null
          ? { kind: 'failed' }
          : { kind: 'navigate', path: toChallengePath(action.nextActionUrl, returnTo) },
      ),
  };
}
