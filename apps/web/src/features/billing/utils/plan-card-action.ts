import type { TSubscription } from '@app/contracts/billing';
import type { TPlan } from '@app/contracts/catalogue';

export type BillingInterval = 'MONTH' | 'YEAR';

export type PlanCardAction =
  | { kind: 'subscribe' }
  | { kind: 'startFree' }
  | { kind: 'contactUs' }
  | { kind: 'pendingToPay' }
  | { kind: 'completePayment' }
  | { kind: 'processing' }
  /** Disabled: the plan the team has; `cancelAt` when it ends at the period's end. */
  | { kind: 'current'; cancelAt: string | null }
  /** Disabled: a downgrade to this plan waits for the end of the period. */
  | { kind: 'scheduled'; startsAt: string }
  | { kind: 'change'; label: 'changePlan' | 'upgrade' | 'downgrade' };

type PlanCardActionOptions = {
  plan: TPlan;
  interval: BillingInterval;
  /** The live subscription (ended ones count as none). */
  subscription: TSubscription | null;
  /** The plan of that subscription. */
  currentPlan: TPlan | null;
};

/** Spec 000 section 4 and spec 001 section 4: the button a plan card shows. */
export function getPlanCardAction(options: PlanCardActionOptions): PlanCardAction {
  const { plan, interval, subscription, currentPlan } = options;
  if (plan.isEnterprise) return { kind: 'contactUs' };
  if (subscription === null) return plan.isFree ? { kind: 'startFree' } : { kind: 'subscribe' };

  const scheduled = subscription.scheduledChange;
  if (scheduled !== null && scheduled.priceId === getPlanPrice(plan, interval)?.priceId) {
    return { kind: 'scheduled', startsAt: scheduled.startsAt };
  }

  const isSamePlan = subscription.planCode === plan.planCode;
  if (isSamePlan) {
    switch (subscription.status) {
      case 'PENDING':
        return { kind: 'pendingToPay' };
      case 'INCOMPLETE':
        return { kind: 'completePayment' };
      case 'PROCESSING':
        return { kind: 'processing' };
      default:
        break;
    }
    if (plan.isFree || subscription.interval === null || subscription.interval === interval) {
      return {
        kind: 'current',
        cancelAt: subscription.cancelAtPeriodEnd ? subscription.endDate : null,
      };
    }
    if (subscription.discount !== null) return { kind: 'contactUs' };
    // Annual billing commits for longer at a discount: moving to it is the upgrade.
    return { kind: 'change', label: interval === 'YEAR' ? 'upgrade' : 'downgrade' };
  }

  if (plan.isFree) return { kind: 'startFree' };
  // A payment still open elsewhere: the server answers with the pending-payment message.
  if (subscription.status !== 'ACTIVE') return { kind: 'subscribe' };
  if (subscription.discount !== null) return { kind: 'contactUs' };
  const isHigher = currentPlan === null || isHigherPlan(plan, currentPlan);
  return { kind: 'change', label: isHigher ? 'upgrade' : 'changePlan' };
}

/** Edge plans sit above cloud ones; within a group, the rank decides. */
export function isHigherPlan(plan: TPlan, than: TPlan): boolean {
  if (plan.planGroup !== than.planGroup) return plan.planGroup === 'edge';
  return plan.planRank > than.planRank;
}

/** The price of a plan at an interval, in cents, with its price id; null when not sold. */
export function getPlanPrice(
  plan: TPlan,
  interval: BillingInterval,
): { cents: number; priceId: string } | null {
  const cents = interval === 'MONTH' ? plan.planPriceMonthly : plan.planPriceYearly;
  const priceId = interval === 'MONTH' ? plan.planPriceIdMonthly : plan.planPriceIdYearly;
  return cents === null || priceId === null ? null : { cents, priceId };
}

/** Spec section 9: what annual billing saves, 12 × monthly − annual, in cents. */
export function annualSavingCents(plan: TPlan): number | null {
  if (plan.planPriceMonthly === null || plan.planPriceYearly === null) return null;
  return plan.planPriceMonthly * 12 - plan.planPriceYearly;
}
