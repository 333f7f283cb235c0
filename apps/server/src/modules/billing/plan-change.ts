import type { Language, TChangePlanRequest, TSubscribeResponse } from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { createInvoice } from './invoices.js';
import { addInterval } from './periods.js';
import {
  findLiveSubscription,
  findPlan,
  findPriceForTeam,
  lockSubscription,
  updateSubscription,
  type PlanRow,
  type PriceRow,
} from './repository.js';
import { chargeInvoice } from './charges.js';
import { requireCheckout } from './checkout.js';
import { respond } from './subscription-presentation.js';

/** Stripe's smallest euro charge: a smaller prorated difference is not charged. */
const MINIMUM_CHARGE_CENTS = 50;

type Placement = { plan: PlanRow; price: PriceRow | undefined };

/** A higher plan, or the same plan paid yearly instead of monthly, is an upgrade. */
export function isUpgrade(from: Placement, to: Placement): boolean {
  if (to.plan.rank !== from.plan.rank) return to.plan.rank > from.plan.rank;
  return from.price?.interval === 'MONTH' && to.price?.interval === 'YEAR';
}

/** What is left of the current period, 0 to 1. */
function remainingShare(options: { start: Date; end: Date; now: Date }): number {
  const total = options.end.getTime() - options.start.getTime();
  const left = options.end.getTime() - options.now.getTime();
  return total > 0 ? Math.min(1, Math.max(0, left / total)) : 0;
}

/**
 * Changes an ACTIVE subscription's plan. An upgrade takes effect at once: within the same
 * interval the price difference for the rest of the period is charged; to another interval
 * (or from the free plan) a new period starts now, charged at the new price less the unused
 * part of the old one. A downgrade waits for the end of the period.
 */
export async function changePlan(
  deps: Deps,
  options: { teamId: string; language?: Language; neuronId: string; request: TChangePlanRequest },
): Promise<TSubscribeResponse> {
  const { teamId, request } = options;
  const { customer, ...target } = await requireCheckout(deps, options);
  const live = await findLiveSubscription(deps.db, teamId, options.neuronId);
  if (!live || (request.internalId !== undefined && request.internalId !== live.id)) {
    throw new AppError('NOT_FOUND', { message: 'There is no subscription to change.' });
  }

  const change = await deps.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, teamId, live.id);
    if (current?.status !== 'ACTIVE') {
      throw new AppError('BUSINESS_RULE', {
        reason: 'PLAN_CHANGE_NOT_ACTIVE',
        message: 'Only an active subscription can change plan.',
      });
    }
    if (current.percentOff !== null || current.amountOffCents !== null) {
      throw new AppError('BUSINESS_RULE', {
        reason: 'PLAN_CHANGE_DISCOUNTED',
        message: 'A subscription with a discount changes plan through support: contact us.',
      });
    }
    if (current.priceId === target.price.id) {
      throw new AppError('BUSINESS_RULE', {
        reason: 'PLAN_ALREADY_CURRENT',
        message: 'The subscription is already on this plan.',
      });
    }
    const plan = await findPlan(tx, current.planId);
    if (!plan) throw new Error(`subscription ${current.id} lost its plan`);
    const price = current.priceId ? await findPriceForTeam(tx, teamId, current.priceId) : undefined;
    const from = { plan, price };

    if (!isUpgrade(from, target)) {
      await updateSubscription(tx, teamId, current.id, { scheduledPriceId: target.price.id });
      return undefined;
    }
    const now = deps.clock.now();
    const share = remainingShare({
      start: current.currentPeriodStart,
      end: current.currentPeriodEnd,
      now,
    });
    const currentCents = price?.amountCents ?? 0;
    const isSameInterval = price?.interval === target.price.interval;
    const amount = isSameInterval
      ? Math.round((target.price.amountCents - currentCents) * share)
      : Math.max(0, target.price.amountCents - Math.round(currentCents * share));
    const periodStart = isSameInterval ? current.currentPeriodStart : now;
    const periodEnd = isSameInterval
      ? current.currentPeriodEnd
      : addInterval(now, target.price.interval);
    await updateSubscription(tx, teamId, current.id, {
      planId: target.plan.id,
      priceId: target.price.id,
      scheduledPriceId: null,
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
    });
    if (amount < MINIMUM_CHARGE_CENTS) return undefined;
    return createInvoice(deps, tx, {
      teamId,
      subscriptionId: current.id,
      lines: [
        {
          type: 'proration',
          description: `Upgrade to ${target.plan.name} (${target.price.interval === 'MONTH' ? 'monthly' : 'annual'}), prorated`,
          amountCents: amount,
        },
      ],
      coupon: null,
      periodStart,
      periodEnd,
    });
  });

  const intent = change
    ? await chargeInvoice(deps, {
        invoice: change,
        customerId: customer.gatewayCustomerId,
        paymentMethodId: request.paymentId,
      })
    : undefined;
  return respond(deps, live.id, { ...options, intent });
}
