import type { Deps } from '../../platform/deps.js';
import { getOrCreateCustomer } from './customers.js';
import { createInvoice } from './invoices.js';
import { addInterval } from './periods.js';
import {
  findPlan,
  findPriceForTeam,
  findTeamOfSubscription,
  lockSubscription,
  updateSubscription,
  type InvoiceRow,
  type SubscriptionRow,
} from './repository.js';
import { chargeInvoice, markUnpaid, scheduleRenewal } from './charges.js';

type RenewalOutcome =
  | { kind: 'none' }
  | { kind: 'ended' }
  | { kind: 'free'; subscription: SubscriptionRow }
  | { kind: 'charge'; subscription: SubscriptionRow; invoice: InvoiceRow };

/**
 * The end of a period: a canceling subscription ends; otherwise the next period starts (on
 * the scheduled downgrade, if any) and is invoiced and charged to the default payment method.
 * Runs once per period: a job for a period already rolled finds nothing to do.
 */
export async function renewSubscription(
  deps: Deps,
  options: { subscriptionId: string; periodEnd: string },
): Promise<void> {
  // The job names no team: the subscription's own scopes everything that follows.
  const teamId = await findTeamOfSubscription(deps.db, options.subscriptionId);
  if (!teamId) return;
  const outcome = await deps.db.transaction(async (tx): Promise<RenewalOutcome> => {
    const subscription = await lockSubscription(tx, teamId, options.subscriptionId);
    if (
      subscription?.status !== 'ACTIVE' ||
      subscription.currentPeriodEnd.toISOString() !== options.periodEnd
    ) {
      return { kind: 'none' };
    }
    const periodStart = subscription.currentPeriodEnd;
    if (subscription.cancelAtPeriodEnd) {
      await updateSubscription(tx, teamId, subscription.id, {
        status: 'CANCELED',
        canceledAt: periodStart,
      });
      return { kind: 'ended' };
    }
    const priceId = subscription.scheduledPriceId ?? subscription.priceId;
    const price = priceId ? await findPriceForTeam(tx, teamId, priceId) : undefined;
    const interval = price?.interval === 'YEAR' ? 'YEAR' : 'MONTH';
    const next = {
      ...subscription,
      planId: price?.planId ?? subscription.planId,
      priceId: price?.id ?? null,
      scheduledPriceId: null,
      currentPeriodStart: periodStart,
      currentPeriodEnd: addInterval(periodStart, interval),
    };
    await updateSubscription(tx, teamId, subscription.id, {
      planId: next.planId,
      priceId: next.priceId,
      scheduledPriceId: null,
      currentPeriodStart: next.currentPeriodStart,
      currentPeriodEnd: next.currentPeriodEnd,
    });
    if (!price) {
      await scheduleRenewal(deps, tx, next);
      return { kind: 'free', subscription: next };
    }
    const plan = await findPlan(tx, price.planId);
    const invoice = await createInvoice(deps, tx, {
      teamId,
      subscriptionId: subscription.id,
      lines: [
        {
          type: 'subscription',
          description: `${plan?.name ?? ''} (${interval === 'MONTH' ? 'monthly' : 'annual'})`,
          amountCents: price.amountCents,
        },
      ],
      coupon:
        subscription.percentOff !== null || subscription.amountOffCents !== null
          ? { percentOff: subscription.percentOff, amountOff: subscription.amountOffCents }
          : null,
      periodStart: next.currentPeriodStart,
      periodEnd: next.currentPeriodEnd,
    });
    return { kind: 'charge', subscription: next, invoice };
  });

  if (outcome.kind !== 'charge') return;
  const customer = await getOrCreateCustomer(deps, { teamId: outcome.subscription.teamId });
  const paymentMethodId = customer.defaultPaymentMethodId;
  if (!paymentMethodId) {
    await markUnpaid(deps, deps.db, {
      subscription: outcome.subscription,
      reason: 'there is no default payment method',
    });
    return;
  }
  await chargeInvoice(deps, {
    invoice: outcome.invoice,
    customerId: customer.gatewayCustomerId,
    paymentMethodId,
    offSession: true,
  });
}
