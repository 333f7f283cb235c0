import type {
  Language,
  TChangePlanRequest,
  TPlanChangePreview,
  TPlanChangePreviewRequest,
  TSubscribeResponse,
} from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { localize } from '../catalogue/service.js';
import { mailOwnerAbout, planChangedMail, subscriptionLink } from './billing-mails.js';
import { chargeInvoice, scheduleRenewal } from './charges.js';
import { requireCheckout, requireSellablePrice, type SellablePrice } from './checkout.js';
import { createInvoice, invoiceTotals, type InvoiceLineInput } from './invoices.js';
import { addInterval } from './periods.js';
import {
  findLiveSubscription,
  findPlan,
  findPriceForTeam,
  lockSubscription,
  updateSubscription,
  type PlanRow,
  type PriceRow,
  type SubscriptionRow,
} from './repository.js';
import { respond } from './subscription-presentation.js';

/** Stripe's smallest euro charge: a smaller prorated difference is not charged. */
const MINIMUM_CHARGE_CENTS = 50;

type Placement = { plan: PlanRow; price: PriceRow | undefined };
type Target = { plan: PlanRow; price: SellablePrice };

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

type PlanChange =
  | { kind: 'downgrade'; startsAt: Date }
  | { kind: 'upgrade'; periodStart: Date; periodEnd: Date; lines: InvoiceLineInput[] };

/**
 * What changing the subscription to the target does, computed the same way for the preview
 * and for the change itself. An upgrade takes effect at once: within the same interval the
 * price difference for the rest of the period is charged; to another interval (or from the
 * free plan) a new period starts now, charged at the new price less the unused part of the
 * old one. A downgrade waits for the end of the period.
 */
async function planChangeOf(
  deps: Deps,
  executor: Executor,
  options: { current: SubscriptionRow | undefined; target: Target },
): Promise<PlanChange> {
  const { current, target } = options;
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
  const plan = await findPlan(executor, current.planId);
  if (!plan) throw new Error(`subscription ${current.id} lost its plan`);
  const price = current.priceId
    ? await findPriceForTeam(executor, current.teamId, current.priceId)
    : undefined;
  if (!isUpgrade({ plan, price }, target)) {
    return { kind: 'downgrade', startsAt: current.currentPeriodEnd };
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
  return {
    kind: 'upgrade',
    periodStart: isSameInterval ? current.currentPeriodStart : now,
    periodEnd: isSameInterval ? current.currentPeriodEnd : addInterval(now, target.price.interval),
    lines:
      amount < MINIMUM_CHARGE_CENTS
        ? []
        : [
            {
              type: 'proration',
              text: { kind: 'upgrade', plan: target.plan, interval: target.price.interval },
              amountCents: amount,
            },
          ],
  };
}

type ChangeOptions = { teamId: string; language?: Language; neuronId: string };

async function findSubscriptionToChange(
  deps: Deps,
  options: ChangeOptions & { internalId?: string },
): Promise<SubscriptionRow> {
  const live = await findLiveSubscription(deps.db, options.teamId, options.neuronId);
  if (!live || (options.internalId !== undefined && options.internalId !== live.id)) {
    throw new AppError('NOT_FOUND', { message: 'There is no subscription to change.' });
  }
  return live;
}

/** What a plan change would charge now, tax included, and from when its price applies. */
export async function previewPlanChange(
  deps: Deps,
  options: ChangeOptions & { request: TPlanChangePreviewRequest },
): Promise<TPlanChangePreview> {
  const { request } = options;
  const target = await requireSellablePrice(deps, { ...options, ...request });
  const live = await findSubscriptionToChange(deps, { ...options, ...request });
  const change = await planChangeOf(deps, deps.db, { current: live, target });
  const totals = await invoiceTotals(deps, deps.db, {
    teamId: options.teamId,
    lines: change.kind === 'upgrade' ? change.lines : [],
    coupon: null,
  });
  return {
    change: change.kind === 'upgrade' ? 'UPGRADE' : 'DOWNGRADE',
    chargeNow: { subtotal: totals.subtotal, tax: totals.vat, total: totals.total },
    newPriceCents: target.price.amountCents,
    interval: target.price.interval,
    appliesFrom: (change.kind === 'upgrade' ? deps.clock.now() : change.startsAt).toISOString(),
  };
}

/** Changes an ACTIVE subscription's plan (see planChangeOf) and tells the owner by mail. */
export async function changePlan(
  deps: Deps,
  options: ChangeOptions & { request: TChangePlanRequest },
): Promise<TSubscribeResponse> {
  const { teamId, request } = options;
  const { customer, ...target } = await requireCheckout(deps, options);
  const live = await findSubscriptionToChange(deps, { ...options, ...request });

  const invoice = await deps.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, teamId, live.id);
    const change = await planChangeOf(deps, tx, { current, target });
    const mailChange = (startsAt: Date) =>
      mailOwnerAbout(deps, tx, {
        teamId,
        neuronId: live.neuronId,
        build: (recipient, product) =>
          planChangedMail(recipient, {
            product,
            planName: localize(target.plan, recipient.language).name,
            startsAt,
            amountCents: target.price.amountCents,
            interval: target.price.interval,
            link: subscriptionLink(deps),
          }),
      });
    if (change.kind === 'downgrade') {
      await updateSubscription(tx, teamId, live.id, { scheduledPriceId: target.price.id });
      await mailChange(change.startsAt);
      return undefined;
    }
    const changed = {
      planId: target.plan.id,
      priceId: target.price.id,
      scheduledPriceId: null,
      currentPeriodStart: change.periodStart,
      currentPeriodEnd: change.periodEnd,
    };
    await updateSubscription(tx, teamId, live.id, changed);
    await mailChange(deps.clock.now());
    if (change.lines.length === 0) {
      // Nothing to charge: the renewal of a period that changed is scheduled here.
      await scheduleRenewal(deps, tx, { ...live, ...changed });
      return undefined;
    }
    return createInvoice(deps, tx, {
      teamId,
      subscriptionId: live.id,
      lines: change.lines,
      coupon: null,
      periodStart: change.periodStart,
      periodEnd: change.periodEnd,
    });
  });

  const intent = invoice
    ? await chargeInvoice(deps, {
        invoice,
        customerId: customer.gatewayCustomerId,
        paymentMethodId: request.paymentId,
      })
    : undefined;
  return respond(deps, live.id, { ...options, intent });
}
