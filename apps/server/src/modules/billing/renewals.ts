import { discountedCents } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import type { PaymentIntent } from '../../platform/payments/gateway.js';
import {
  mailOwnerAbout,
  promotionEndingMail,
  renewalComingMail,
  subscriptionLink,
} from './billing-mails.js';
import { chargeInvoice, scheduleRenewal } from './charges.js';
import { getOrCreateCustomer } from './customers.js';
import { endUnpaid, mailPaymentFailed, nextRetryAt, startDunning } from './dunning.js';
import { createInvoice } from './invoices.js';
import { addInterval } from './periods.js';
import {
  claimRenewalNotice,
  findInvoice,
  findLatestInvoice,
  findPlan,
  findPriceForTeam,
  findSubscription,
  findTeamOfSubscription,
  lockSubscription,
  updateSubscription,
  type InvoiceRow,
  type SubscriptionRow,
} from './repository.js';

type RenewalOutcome =
  | { kind: 'none' }
  | { kind: 'ended' }
  | { kind: 'free'; subscription: SubscriptionRow }
  | { kind: 'charge'; subscription: SubscriptionRow; invoice: InvoiceRow };

/** Whether the subscription's discount still applies to a period starting at `start`. */
function hasDiscountAt(subscription: SubscriptionRow, start: Date): boolean {
  const hasDiscount = subscription.percentOff !== null || subscription.amountOffCents !== null;
  return (
    hasDiscount && (subscription.discountEndsAt === null || subscription.discountEndsAt > start)
  );
}

/**
 * The end of a period: a canceling subscription ends; otherwise the next period starts (on
 * the scheduled downgrade, if any) and is invoiced and charged to the method that paid the
 * subscription last, else the team's default. A discount whose months are over is dropped.
 * Runs once per period: a job for a period already rolled finds nothing to do, unless
 * the run that rolled it died before charging (see unchargedRenewal). The charge's idempotency
 * key names the invoice, so a run that died after the provider took the charge gets the same
 * charge back, never a second one.
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
    if (subscription?.status !== 'ACTIVE') return { kind: 'none' };
    if (subscription.currentPeriodEnd.toISOString() !== options.periodEnd) {
      return unchargedRenewal(tx, subscription, options.periodEnd);
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
    const keepsDiscount = hasDiscountAt(subscription, periodStart);
    const next = {
      ...subscription,
      planId: price?.planId ?? subscription.planId,
      priceId: price?.id ?? null,
      scheduledPriceId: null,
      currentPeriodStart: periodStart,
      currentPeriodEnd: addInterval(periodStart, interval),
      ...(keepsDiscount ? {} : { percentOff: null, amountOffCents: null, discountEndsAt: null }),
    };
    await updateSubscription(tx, teamId, subscription.id, {
      planId: next.planId,
      priceId: next.priceId,
      scheduledPriceId: null,
      currentPeriodStart: next.currentPeriodStart,
      currentPeriodEnd: next.currentPeriodEnd,
      percentOff: next.percentOff,
      amountOffCents: next.amountOffCents,
      discountEndsAt: next.discountEndsAt,
    });
    if (!price) {
      await scheduleRenewal(deps, tx, next);
      return { kind: 'free', subscription: next };
    }
    const plan = await findPlan(tx, price.planId);
    // A price references its plan (foreign key): a renewal without one has nothing to say.
    if (!plan) throw new Error(`plan ${price.planId} of price ${price.id} not found`);
    const invoice = await createInvoice(deps, tx, {
      teamId,
      subscriptionId: subscription.id,
      lines: [
        {
          type: 'subscription',
          text: { kind: 'plan', plan, interval },
          amountCents: price.amountCents,
        },
      ],
      coupon: keepsDiscount
        ? { percentOff: subscription.percentOff, amountOff: subscription.amountOffCents }
        : null,
      periodStart: next.currentPeriodStart,
      periodEnd: next.currentPeriodEnd,
    });
    return { kind: 'charge', subscription: next, invoice };
  });

  if (outcome.kind !== 'charge') return;
  const { subscription, invoice } = outcome;
  const charge = await chargeRenewal(deps, { subscription, invoice });
  // A refused charge of an ACTIVE subscription starts the dunning as it is applied; without
  // a method to charge, it starts here.
  if (charge.kind === 'noMethod') {
    await deps.db.transaction((tx) =>
      startDunning(deps, tx, { subscription, invoice, reason: charge.reason }),
    );
  }
}

/**
 * A run of this job rolled the period and committed the invoice, then stopped before
 * charging it (its worker died): the invoice of the period that job started is still open and
 * was never charged, so this run charges it. A charge tried and recorded is the dunning's.
 */
async function unchargedRenewal(
  executor: Executor,
  subscription: SubscriptionRow,
  periodEnd: string,
): Promise<RenewalOutcome> {
  if (subscription.currentPeriodStart.toISOString() !== periodEnd) return { kind: 'none' };
  const invoice = await findLatestInvoice(executor, subscription.teamId, subscription.id);
  const isUncharged =
    invoice?.status === 'open' &&
    invoice.paymentIntentId === null &&
    invoice.periodStart.toISOString() === periodEnd;
  return isUncharged ? { kind: 'charge', subscription, invoice } : { kind: 'none' };
}

type ChargeOutcome =
  { kind: 'paidOrOnItsWay' } | { kind: 'refused' | 'noMethod'; reason: string | null };

/** Charges off-session the method that last paid the subscription, else the team's default. */
async function chargeRenewal(
  deps: Deps,
  options: { subscription: SubscriptionRow; invoice: InvoiceRow },
): Promise<ChargeOutcome> {
  const customer = await getOrCreateCustomer(deps, { teamId: options.subscription.teamId });
  const paymentMethodId = options.subscription.paymentMethodId ?? customer.defaultPaymentMethodId;
  if (!paymentMethodId) return { kind: 'noMethod', reason: 'there is no payment method' };
  const intent = await chargeInvoice(deps, {
    invoice: options.invoice,
    customerId: customer.gatewayCustomerId,
    paymentMethodId,
    offSession: true,
  });
  return intent && isRefused(intent)
    ? { kind: 'refused', reason: intent.lastError }
    : { kind: 'paidOrOnItsWay' };
}

function isRefused(intent: PaymentIntent): boolean {
  return intent.status === 'requires_payment_method' || intent.status === 'canceled';
}

/**
 * Job: retry `retry` of an unpaid charge (see startDunning). Paid, on its way, canceled or
 * retried already: nothing to do. Refused again: the owner is mailed, or after the last retry
 * the subscription ends and its invoice is void.
 */
export async function retryRenewal(
  deps: Deps,
  options: { subscriptionId: string; invoiceId: string; retry: number },
): Promise<void> {
  const teamId = await findTeamOfSubscription(deps.db, options.subscriptionId);
  if (!teamId) return;
  const due = await deps.db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, teamId, options.subscriptionId);
    const invoice = await findInvoice(tx, teamId, options.invoiceId);
    if (
      subscription?.status !== 'INCOMPLETE' ||
      subscription.renewalRetries >= options.retry ||
      invoice?.status !== 'open'
    ) {
      return undefined;
    }
    // Counted before charging: a second run of this retry charges nothing.
    await updateSubscription(tx, teamId, subscription.id, { renewalRetries: options.retry });
    return { subscription, invoice };
  });
  if (!due) return;
  const charge = await chargeRenewal(deps, due);
  if (charge.kind === 'paidOrOnItsWay') return;
  const nextTry = nextRetryAt(deps.clock.now(), options.retry);
  if (nextTry) {
    await mailPaymentFailed(deps, deps.db, {
      subscription: due.subscription,
      reason: charge.reason,
      nextTry,
    });
    return;
  }
  await deps.db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, teamId, options.subscriptionId);
    if (subscription?.status === 'INCOMPLETE') await endUnpaid(deps, tx, subscription);
  });
}

/**
 * Job, 7 days before a paid period ends: tells the owner of an annual renewal, or of a
 * discount that ends with the period. Once per period, however often it runs.
 */
export async function sendRenewalNotice(
  deps: Deps,
  options: { subscriptionId: string; periodEnd: string },
): Promise<void> {
  const teamId = await findTeamOfSubscription(deps.db, options.subscriptionId);
  if (!teamId) return;
  const subscription = await findSubscription(deps.db, teamId, options.subscriptionId);
  if (
    subscription?.status !== 'ACTIVE' ||
    subscription.cancelAtPeriodEnd ||
    subscription.currentPeriodEnd.toISOString() !== options.periodEnd
  ) {
    return;
  }
  const priceId = subscription.scheduledPriceId ?? subscription.priceId;
  const price = priceId ? await findPriceForTeam(deps.db, teamId, priceId) : undefined;
  if (!price) return;
  const renewsAt = subscription.currentPeriodEnd;
  const discountEnds =
    subscription.discountEndsAt !== null && !hasDiscountAt(subscription, renewsAt);
  if (!discountEnds && price.interval !== 'YEAR') return;
  await deps.db.transaction(async (tx) => {
    const isFirst = await claimRenewalNotice(tx, {
      teamId,
      subscriptionId: subscription.id,
      periodEnd: renewsAt,
    });
    if (!isFirst) return;
    const link = subscriptionLink(deps);
    await mailOwnerAbout(deps, tx, {
      teamId,
      neuronId: subscription.neuronId,
      build: (recipient, product) =>
        discountEnds
          ? promotionEndingMail(recipient, {
              product,
              endsAt: renewsAt,
              amountCents: price.amountCents,
              link,
            })
          : renewalComingMail(recipient, {
              product,
              renewsAt,
              amountCents: discountedCents(price.amountCents, {
                percentOff: subscription.percentOff,
                amountOff: subscription.amountOffCents,
              }),
              link,
            }),
    });
  });
}
