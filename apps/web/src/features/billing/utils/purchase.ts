import type { TSubscription } from '@app/contracts/billing';
import type { TPlan } from '@app/contracts/catalogue';
import type { BillingInterval } from './plan-card-action';
import { getPlanPrice } from './plan-card-action';
import { getSubscriptionPrice } from './subscription-rules';

/** What is being paid (the spec's purchase detail). */
export type Purchase = {
  /** subscribe: a new subscription; pay: "Go to Pay" on one; change: a plan change. */
  mode: 'subscribe' | 'pay' | 'change';
  neuron: string;
  productName: string;
  planName: string;
  planCode: string;
  interval: BillingInterval | null;
  priceCents: number;
  priceId: string;
  /** The subscription paid (pay) or changed (change). */
  subscriptionId?: string;
  /** A discount the subscription already has (an administrator's price). */
  discount?: { amountOff: number | null; percentOff: number | null } | null;
  /** An INCOMPLETE subscription's payment intent, carried into the payment (spec section 4). */
  paymentIntent?: TSubscription['paymentIntent'];
};

/** "Go to Pay": what the payment dialog charges for a PENDING or INCOMPLETE subscription. */
export function subscriptionPurchase(subscription: TSubscription): Purchase {
  return {
    mode: 'pay',
    neuron: subscription.neuron,
    productName: subscription.serviceName,
    planName: subscription.planInfo.planName,
    planCode: subscription.planCode,
    interval: subscription.interval,
    priceCents: getSubscriptionPrice(subscription) ?? 0,
    priceId: subscription.priceId ?? subscription.id,
    subscriptionId: subscription.id,
    discount: subscription.discount,
    paymentIntent: subscription.status === 'INCOMPLETE' ? subscription.paymentIntent : null,
  };
}

/** A new subscription to a plan at an interval; null when the plan is not sold at it. */
export function planPurchase(options: {
  neuron: string;
  productName: string;
  plan: TPlan;
  interval: BillingInterval;
}): Purchase | null {
  const { neuron, productName, plan, interval } = options;
  const price = getPlanPrice(plan, interval);
  if (price === null) return null;
  return {
    mode: 'subscribe',
    neuron,
    productName,
    planName: plan.planName,
    planCode: plan.planCode,
    interval,
    priceCents: price.cents,
    priceId: price.priceId,
  };
}
