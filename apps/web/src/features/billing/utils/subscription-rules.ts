import {
  discountedCents,
  type SubscriptionStatus,
  type TSubscription,
} from '@app/contracts/billing';
import { addDays } from '../../../lib/format';

export type DateLabel = {
  kind: 'nextPayment' | 'endDate' | 'cancelDate';
  date: string;
} | null;

/** Spec section 4: which date a subscription shows, and under which label. */
export function getDateLabel(subscription: TSubscription): DateLabel {
  const { status, cancelAtPeriodEnd, endDate, startDate, canceledAt } = subscription;
  switch (status) {
    case 'ACTIVE':
      return cancelAtPeriodEnd
        ? { kind: 'endDate', date: endDate }
        : { kind: 'nextPayment', date: endDate };
    case 'CANCELED':
      return { kind: 'cancelDate', date: canceledAt ?? endDate };
    case 'INCOMPLETE':
      // Unpaid, it lasts one day (it expires after 23 hours).
      return { kind: 'endDate', date: addDays(startDate, 1) };
    case 'PENDING':
    case 'INCOMPLETE_EXPIRED':
      return null;
    default:
      return { kind: 'endDate', date: endDate };
  }
}

export function canCancel(subscription: TSubscription): boolean {
  return (
    (subscription.status === 'ACTIVE' || subscription.status === 'INCOMPLETE') &&
    !subscription.cancelAtPeriodEnd
  );
}

export function canReactivate(subscription: TSubscription): boolean {
  return subscription.status === 'ACTIVE' && subscription.cancelAtPeriodEnd;
}

export function canPay(subscription: TSubscription): boolean {
  return subscription.status === 'INCOMPLETE' || subscription.status === 'PENDING';
}

/** The payment method section shows for ACTIVE-not-cancelling or INCOMPLETE. */
export function showsPaymentMethod(subscription: TSubscription): boolean {
  return (
    (subscription.status === 'ACTIVE' && !subscription.cancelAtPeriodEnd) ||
    subscription.status === 'INCOMPLETE'
  );
}

export type IntentProblem = 'authenticationFailed' | 'paymentFailed' | null;

/** What an INCOMPLETE subscription's payment intent says went wrong. */
export function getIntentProblem(subscription: TSubscription): IntentProblem {
  if (subscription.status !== 'INCOMPLETE' || subscription.paymentIntent === null) return null;
  const { status } = subscription.paymentIntent;
  if (status === 'requires_action') return 'authenticationFailed';
  if (status === 'succeeded' || status === 'processing') return null;
  return 'paymentFailed';
}

const NOT_LIVE: readonly SubscriptionStatus[] = ['CANCELED', 'INCOMPLETE_EXPIRED'];

/** Plan pages treat ended subscriptions as if there were none. */
export function liveSubscription(subscription: TSubscription | null): TSubscription | null {
  return subscription === null || NOT_LIVE.includes(subscription.status) ? null : subscription;
}

/** The price the subscription pays each period, in cents. */
export function getSubscriptionPrice(subscription: TSubscription): number | null {
  return subscription.priceCents;
}

/** What the subscription's discount takes off its price, once it has one; null without. */
export function getDiscountedPrice(subscription: TSubscription): number | null {
  if (subscription.discount === null || subscription.priceCents === null) return null;
  return discountedCents(subscription.priceCents, subscription.discount);
}

/** Spec section 9's 3000 ms: how often a payment that is settling is looked at again. */
export const SETTLING_REFRESH_MS = 3000;

/**
 * A payment the gateway has accepted but the subscription does not show yet (SEPA settling, a
 * 3-D Secure answer being applied): worth asking the server again shortly.
 */
export function isSettling(subscription: TSubscription | null): boolean {
  if (subscription === null) return false;
  if (subscription.status === 'PROCESSING') return true;
  const intentStatus = subscription.paymentIntent?.status;
  return (
    subscription.status === 'INCOMPLETE' &&
    (intentStatus === 'succeeded' || intentStatus === 'processing')
  );
}
