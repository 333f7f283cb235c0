import {
  INCOMPLETE_EXPIRY_HOURS,
  type Language,
  type TCurrentPlanResponse,
  type TNeuronAccessResponse,
  type TPaymentIntentSummary,
  type TSubscribeRequest,
  type TSubscribeResponse,
  type TSubscription,
} from '@app/contracts';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { paymentFailedMail } from '../../platform/mail/templates.js';
import {
  CANCELABLE_INTENT_STATUSES,
  type IntentStatus,
  type PaymentIntent,
} from '../../platform/payments/gateway.js';
import { getNeuron, localize, requireNeuron, toPlan } from '../catalogue/service.js';
import { getTeamOwner, toLanguage } from '../users/service.js';
import { adoptDefaultPaymentMethod, requirePaymentMethod } from './customers.js';
import { createInvoice, recordInvoicePaid } from './invoices.js';
import { addInterval } from './periods.js';
import { requireUsablePromotionCode, type Coupon } from './promotions.js';
import {
  findFreePlan,
  findInvoice,
  findInvoiceByPaymentIntent,
  findLatestInvoice,
  findLatestInvoices,
  findLiveSubscription,
  findNeuronsByIds,
  findPlan,
  findPlansByIds,
  findPriceForTeam,
  findPricesForTeam,
  findPricesOfPlansForTeam,
  findSubscription,
  findSubscriptions,
  findTeamOfSubscription,
  hasEverPaid,
  insertSubscription,
  lockInvoice,
  redeemPromotionCode,
  updateInvoice,
  updateSubscription,
  type CustomerRow,
  type InvoiceRow,
  type NeuronRow,
  type PlanRow,
  type PriceRow,
  type SubscriptionRow,
} from './repository.js';

export const EXPIRE_INCOMPLETE_JOB = 'billing.expire_incomplete';
export const RENEW_JOB = 'billing.renew';
const HOUR = 3_600_000;

const PENDING_ELSEWHERE =
  'You have a pending payment in a different plan, please complete the payment or delete the pending subscription in your manage subscription view';
const FREE_AFTER_PAID = 'You cannot use a free plan after have had a paid subscription';
const PAYMENT_ON_ITS_WAY =
  'A SEPA debit of this invoice is on its way: wait until it settles or fails before paying again.';
const CHARGED_ANOTHER_WAY =
  'This invoice was paid or charged another way at the same time: this payment was canceled, or refunded in full.';

/** The team asking, and the language its names are shown in (English when absent). */
type Owner = { teamId: string; language?: Language };

type SellablePrice = PriceRow & { interval: 'MONTH' | 'YEAR' };

/** A price on sale for the neuron and plan: public, or this team's custom one. */
async function requireSellablePrice(
  deps: Deps,
  options: { teamId: string; neuronId: string; priceId: string; planCode: string },
): Promise<{ price: SellablePrice; plan: PlanRow }> {
  const price = await findPriceForTeam(deps.db, options.teamId, options.priceId);
  const plan = price && (await findPlan(deps.db, price.planId));
  const isSellable =
    price?.active === true &&
    price.interval !== 'ONE_TIME' &&
    plan?.neuronId === options.neuronId &&
    plan.code === options.planCode &&
    plan.active;
  if (!price || !plan || !isSellable || price.interval === 'ONE_TIME') {
    throw new AppError('VALIDATION', {
      message: 'This price is not on sale for the plan.',
      fields: { priceId: 'validation.invalid' },
    });
  }
  return { price: { ...price, interval: price.interval }, plan };
}

/** What a checkout or a plan change needs: a price on sale, and a payment method of the team's. */
export async function requireCheckout(
  deps: Deps,
  options: Owner & { neuronId: string; request: TSubscribeRequest },
): Promise<{ price: SellablePrice; plan: PlanRow; customer: CustomerRow }> {
  const { teamId, request } = options;
  const { price, plan } = await requireSellablePrice(deps, {
    teamId,
    neuronId: options.neuronId,
    priceId: request.priceId,
    planCode: request.planCode,
  });
  const { customer } = await requirePaymentMethod(deps, {
    teamId,
    paymentMethodId: request.paymentId,
  });
  return { price, plan, customer };
}

/** The catalogue rows and latest invoices that subscriptions are shown with. */
type PresentationRows = {
  neurons: Map<string, NeuronRow>;
  plans: Map<string, PlanRow>;
  prices: PriceRow[];
  latestInvoices: Map<string, InvoiceRow>;
};

/**
 * What presenting these subscriptions of the team reads, in a fixed number of queries for any
 * number; the prices are the public ones and the team's own.
 */
async function loadPresentationRows(
  deps: Deps,
  teamId: string,
  subscriptions: SubscriptionRow[],
): Promise<PresentationRows> {
  const scheduledPrices = await findPricesForTeam(
    deps.db,
    teamId,
    subscriptions.flatMap((row) => (row.scheduledPriceId ? [row.scheduledPriceId] : [])),
  );
  const planIds = [
    ...new Set([
      ...subscriptions.map((row) => row.planId),
      ...scheduledPrices.map((p) => p.planId),
    ]),
  ];
  const [neuronRows, planRows, prices, invoiceRows] = await Promise.all([
    findNeuronsByIds(deps.db, [...new Set(subscriptions.map((row) => row.neuronId))]),
    findPlansByIds(deps.db, planIds),
    findPricesOfPlansForTeam(deps.db, teamId, planIds),
    findLatestInvoices(
      deps.db,
      teamId,
      subscriptions.map((row) => row.id),
    ),
  ]);
  return {
    neurons: new Map(neuronRows.map((row) => [row.id, row])),
    plans: new Map(planRows.map((row) => [row.id, row])),
    prices,
    latestInvoices: new Map(invoiceRows.map((row) => [row.subscriptionId ?? '', row])),
  };
}

type PresentOptions = Owner & { intent?: PaymentIntent };

/** The team's subscriptions in the API's shape. */
async function presentSubscriptions(
  deps: Deps,
  subscriptions: SubscriptionRow[],
  options: PresentOptions,
): Promise<TSubscription[]> {
  const rows = await loadPresentationRows(deps, options.teamId, subscriptions);
  return Promise.all(
    subscriptions.map((subscription) => presentSubscription(deps, subscription, rows, options)),
  );
}

async function presentOne(
  deps: Deps,
  subscription: SubscriptionRow,
  options: PresentOptions,
): Promise<TSubscription> {
  const [presented] = await presentSubscriptions(deps, [subscription], options);
  if (!presented) throw new Error(`subscription ${subscription.id} was not presented`);
  return presented;
}

async function presentSubscription(
  deps: Deps,
  subscription: SubscriptionRow,
  rows: PresentationRows,
  options: PresentOptions,
): Promise<TSubscription> {
  const { language, intent } = options;
  const neuron = rows.neurons.get(subscription.neuronId);
  const plan = rows.plans.get(subscription.planId);
  const latestInvoice = rows.latestInvoices.get(subscription.id);
  if (!neuron || !plan) throw new Error(`subscription ${subscription.id} lost its plan`);
  const neuronName = localize(neuron, language).name;
  const planPrices = rows.prices.filter((price) => price.planId === plan.id);
  const price = planPrices.find((candidate) => candidate.id === subscription.priceId);
  const awaitsPayment = ['INCOMPLETE', 'PENDING', 'PROCESSING'].includes(subscription.status);
  const paymentIntent =
    intent ??
    (awaitsPayment && latestInvoice?.paymentIntentId
      ? await deps.payments.getPaymentIntent(latestInvoice.paymentIntentId)
      : undefined);
  const hasDiscount = subscription.percentOff !== null || subscription.amountOffCents !== null;
  const scheduledPrice = rows.prices.find(
    (candidate) => candidate.id === subscription.scheduledPriceId,
  );
  const scheduledPlan = scheduledPrice && rows.plans.get(scheduledPrice.planId);
  return {
    id: subscription.id,
    internalId: subscription.id,
    status: subscription.status,
    serviceName: neuronName,
    neuron: neuron.id,
    product: {
      productName: neuronName,
      prices: planPrices
        .filter((candidate) => candidate.teamId === null && candidate.interval !== 'ONE_TIME')
        .map((candidate) => ({
          interval: candidate.interval as 'MONTH' | 'YEAR',
          price: candidate.amountCents,
        })),
    },
    planInfo: { planName: localize(plan, language).name },
    planCode: plan.code,
    priceId: subscription.priceId,
    priceCents: price?.amountCents ?? null,
    interval: price && price.interval !== 'ONE_TIME' ? price.interval : null,
    imageUrl: neuron.imageUrl,
    startDate: subscription.currentPeriodStart.toISOString(),
    endDate: subscription.currentPeriodEnd.toISOString(),
    canceledAt: subscription.canceledAt?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    scheduledChange:
      scheduledPrice && scheduledPlan
        ? {
            planCode: scheduledPlan.code,
            planName: localize(scheduledPlan, language).name,
            priceId: scheduledPrice.id,
            startsAt: subscription.currentPeriodEnd.toISOString(),
          }
        : null,
    isMicroservice: true,
    discount: hasDiscount
      ? { amountOff: subscription.amountOffCents, percentOff: subscription.percentOff }
      : null,
    paymentIntent: paymentIntent ? toIntentSummary(paymentIntent) : null,
  };
}

function toIntentSummary(intent: PaymentIntent): TPaymentIntentSummary {
  return {
    status: intent.status,
    clientSecret: intent.clientSecret,
    paymentMethodId: intent.paymentMethodId,
    nextActionUrl: intent.nextActionUrl,
    lastError: intent.lastError,
  };
}

/** The metadata key of a charge naming the intent of its invoice that it replaces. */
const REPLACED_INTENT_KEY = 'replacesPaymentIntentId';

/**
 * Whether the intent is its invoice's charge: the one that paid it or, while it is unpaid, its
 * current intent or the one charged to replace it (whose webhook may come before the invoice
 * records it). Any other intent is superseded: the invoice was paid or charged another way.
 */
function isChargeOfInvoice(invoice: InvoiceRow, intent: PaymentIntent): boolean {
  if (invoice.status === 'paid') return invoice.paymentIntentId === intent.id;
  return (
    invoice.paymentIntentId === intent.id ||
    invoice.paymentIntentId === (intent.metadata[REPLACED_INTENT_KEY] ?? null)
  );
}

/**
 * Records what a payment intent says about the invoice it pays and moves the subscription:
 * paid → ACTIVE, SEPA settling → PROCESSING, refused → INCOMPLETE. Safe to apply twice. An
 * intent that is not the invoice's charge (see isChargeOfInvoice) changes nothing: it is
 * canceled if still open, refunded if it succeeded, and answered `superseded`.
 */
export async function applyPaymentIntent(
  deps: Deps,
  options: { invoice: InvoiceRow; intent: PaymentIntent },
): Promise<'applied' | 'superseded'> {
  const { intent } = options;
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    // Locked, so two intents of one invoice are applied one after the other.
    const invoice = await lockInvoice(tx, options.invoice.teamId, options.invoice.id);
    if (!invoice || !isChargeOfInvoice(invoice, intent)) return 'superseded';
    // Paid by this very intent before: the invoice stays paid once, the subscription as it is.
    if (invoice.status === 'paid') return 'applied';
    const subscription =
      invoice.subscriptionId === null
        ? undefined
        : await findSubscription(tx, invoice.teamId, invoice.subscriptionId);
    if (intent.status === 'succeeded') {
      await recordInvoicePaid(deps, tx, { invoice, paymentIntentId: intent.id, at: now });
      if (subscription && subscription.status !== 'CANCELED') {
        await updateSubscription(tx, subscription.teamId, subscription.id, {
          status: 'ACTIVE',
          activatedAt: subscription.activatedAt ?? now,
        });
        await scheduleRenewal(deps, tx, subscription);
      }
      return 'applied';
    }
    await updateInvoice(tx, invoice.teamId, invoice.id, { paymentIntentId: intent.id });
    if (!subscription) return 'applied';
    if (intent.status === 'processing' && ['INCOMPLETE', 'PENDING'].includes(subscription.status)) {
      await updateSubscription(tx, subscription.teamId, subscription.id, { status: 'PROCESSING' });
    }
    const isRefused = intent.status === 'requires_payment_method' || intent.status === 'canceled';
    if (isRefused && subscription.status === 'PROCESSING') {
      await updateSubscription(tx, subscription.teamId, subscription.id, { status: 'INCOMPLETE' });
    }
    // A renewal or an upgrade that could not be charged: the owner must pay it.
    if (isRefused && subscription.status === 'ACTIVE' && invoice.status === 'open') {
      await markUnpaid(deps, tx, { subscription, reason: intent.lastError });
    }
    return 'applied';
  });
  if (outcome === 'superseded') await settleSupersededIntent(deps, options);
  return outcome;
}

/**
 * One open intent per invoice, and one payment: a superseded intent still open is canceled so
 * that it cannot be paid later; one that succeeded (or turns out to have) is refunded in full.
 * The key names the intent, so a repeated webhook refunds it once.
 */
async function settleSupersededIntent(
  deps: Deps,
  options: { invoice: InvoiceRow; intent: PaymentIntent },
): Promise<void> {
  const { invoice } = options;
  const intent = isCancelable(options.intent)
    ? await deps.payments.cancelPaymentIntent(options.intent.id)
    : options.intent;
  if (intent.status !== 'succeeded') return;
  await deps.payments.refundPaymentIntent({
    id: intent.id,
    idempotencyKey: `refund-superseded-${intent.id}`,
  });
  deps.log.warn(
    { invoiceId: invoice.id, paymentIntentId: intent.id, amountCents: intent.amountCents },
    'refunded a payment of an invoice that was paid or charged another way',
  );
}

function isCancelable(intent: PaymentIntent): boolean {
  return (CANCELABLE_INTENT_STATUSES as readonly IntentStatus[]).includes(intent.status);
}

/** The renewal job of the current period; a stale one (period already rolled) does nothing. */
export async function scheduleRenewal(
  deps: Pick<Deps, 'jobs'>,
  executor: Executor,
  subscription: SubscriptionRow,
): Promise<void> {
  await deps.jobs.enqueue(
    RENEW_JOB,
    { subscriptionId: subscription.id, periodEnd: subscription.currentPeriodEnd.toISOString() },
    { tx: executor, runAt: subscription.currentPeriodEnd },
  );
}

/** An active subscription whose charge failed: INCOMPLETE, and the owner is told by mail. */
export async function markUnpaid(
  deps: Deps,
  executor: Executor,
  options: { subscription: SubscriptionRow; reason: string | null },
): Promise<void> {
  const { subscription } = options;
  await updateSubscription(executor, subscription.teamId, subscription.id, {
    status: 'INCOMPLETE',
  });
  const owner = await getTeamOwner(executor, subscription.teamId);
  const neuron = await getNeuron(executor, subscription.neuronId);
  if (!owner || !neuron) return;
  const language = toLanguage(owner.language);
  await deps.mailer.send(
    paymentFailedMail(
      { to: owner.email, firstName: owner.firstName, language },
      {
        product: localize(neuron, language).name,
        reason: options.reason,
        link: `${deps.config.publicUrl}/account/subscription`,
      },
    ),
    { tx: executor },
  );
}

/**
 * Charges an open invoice to a payment method. The idempotency key names the invoice, the
 * method and the last intent tried: a double submit gets the same charge back, a retry after
 * a refusal is a new charge. One open intent per invoice: the last one is canceled first. If
 * it was paid meanwhile (a 3-D Secure challenge passed), that payment stands and nothing is
 * charged; if it is a SEPA debit on its way, a new charge is refused.
 */
export async function chargeInvoice(
  deps: Deps,
  options: {
    invoice: InvoiceRow;
    customerId: string;
    paymentMethodId: string;
    /** A renewal: nobody is there to authenticate. */
    offSession?: boolean;
  },
): Promise<PaymentIntent | undefined> {
  const { invoice } = options;
  if (invoice.totalCents === 0) {
    await applyPaymentIntent(deps, {
      invoice,
      intent: {
        id: `free_${invoice.id}`,
        customerId: options.customerId,
        amountCents: 0,
        currency: 'eur',
        clientSecret: '',
        status: 'succeeded',
        paymentMethodId: options.paymentMethodId,
        lastError: null,
        nextActionUrl: null,
        metadata: {},
      },
    });
    return undefined;
  }
  if (invoice.paymentIntentId) {
    const previous = await deps.payments.cancelPaymentIntent(invoice.paymentIntentId);
    if (previous.status === 'processing') {
      throw new AppError('CONFLICT', {
        reason: 'SEPA_PAYMENT_PENDING',
        message: PAYMENT_ON_ITS_WAY,
      });
    }
    if (previous.status === 'succeeded') return keepCharge(deps, { invoice, intent: previous });
  }
  const intent = await deps.payments.createPaymentIntent({
    customerId: options.customerId,
    paymentMethodId: options.paymentMethodId,
    amountCents: invoice.totalCents,
    description: `Invoice ${invoice.number ?? invoice.id}`,
    idempotencyKey: `invoice-${invoice.id}-${options.paymentMethodId}-${invoice.paymentIntentId ?? 'first'}`,
    offSession: options.offSession ?? false,
    metadata: {
      invoiceId: invoice.id,
      teamId: invoice.teamId,
      ...(invoice.paymentIntentId ? { [REPLACED_INTENT_KEY]: invoice.paymentIntentId } : {}),
    },
  });
  return keepCharge(deps, { invoice, intent });
}

/** Applies a charge to its invoice; one that lost to another charge of it is a conflict. */
async function keepCharge(
  deps: Deps,
  options: { invoice: InvoiceRow; intent: PaymentIntent },
): Promise<PaymentIntent> {
  if ((await applyPaymentIntent(deps, options)) === 'superseded') {
    throw new AppError('CONFLICT', { reason: 'CHARGED_ANOTHER_WAY', message: CHARGED_ANOTHER_WAY });
  }
  return options.intent;
}

export async function respond(
  deps: Deps,
  subscriptionId: string,
  options: Owner & { intent: PaymentIntent | undefined },
): Promise<TSubscribeResponse> {
  const subscription = await findSubscription(deps.db, options.teamId, subscriptionId);
  if (!subscription) throw new AppError('NOT_FOUND');
  return {
    subscription: await presentOne(deps, subscription, options),
    clientSecret: options.intent?.clientSecret ?? null,
    paymentStatus: options.intent?.status ?? null,
  };
}

/** A new paid subscription: INCOMPLETE with an open invoice, charged at once. */
export async function subscribe(
  deps: Deps,
  options: Owner & { neuronId: string; request: TSubscribeRequest },
): Promise<TSubscribeResponse> {
  const { teamId, request } = options;
  await requireNeuron(deps, options.neuronId);
  const { price, plan, customer } = await requireCheckout(deps, options);
  await adoptDefaultPaymentMethod(deps, { customer, paymentMethodId: request.paymentId });
  const promotion = request.promotionCode
    ? await requireUsablePromotionCode(deps, deps.db, {
        code: request.promotionCode,
        priceId: price.id,
      })
    : null;
  const coupon: Coupon | null = promotion
    ? { amountOff: promotion.amountOffCents, percentOff: promotion.percentOff }
    : null;

  let created: { subscription: SubscriptionRow; invoice: InvoiceRow } | undefined;
  try {
    created = await deps.db.transaction(async (tx) => {
      if (await findLiveSubscription(tx, teamId, options.neuronId)) return undefined;
      const now = deps.clock.now();
      const periodEnd = addInterval(now, price.interval);
      const subscription = await insertSubscription(tx, {
        teamId,
        neuronId: options.neuronId,
        planId: plan.id,
        priceId: price.id,
        status: 'INCOMPLETE',
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        percentOff: coupon?.percentOff ?? null,
        amountOffCents: coupon?.amountOff ?? null,
        createdAt: now,
      });
      if (promotion && !(await redeemPromotionCode(tx, promotion.id))) {
        throw new AppError('NOT_FOUND', {
          reason: 'PROMOTION_CODE_INVALID',
          message: 'Invalid code',
        });
      }
      const invoice = await createInvoice(deps, tx, {
        teamId,
        subscriptionId: subscription.id,
        lines: [
          {
            type: 'subscription',
            description: `${plan.name} (${price.interval === 'MONTH' ? 'monthly' : 'annual'})`,
            amountCents: price.amountCents,
          },
        ],
        coupon,
        periodStart: now,
        periodEnd,
      });
      await deps.jobs.enqueue(
        EXPIRE_INCOMPLETE_JOB,
        { subscriptionId: subscription.id },
        { tx, runAt: new Date(now.getTime() + INCOMPLETE_EXPIRY_HOURS * HOUR) },
      );
      return { subscription, invoice };
    });
  } catch (error) {
    // Another request of the same team took the neuron's place first: answer as below.
    if (!isUniqueViolation(error)) throw error;
  }

  if (!created) {
    const live = await findLiveSubscription(deps.db, teamId, options.neuronId);
    const isSameCheckout =
      live?.priceId === price.id && ['INCOMPLETE', 'PROCESSING', 'ACTIVE'].includes(live.status);
    if (!live || !isSameCheckout) {
      const awaitsPayment = live?.status === 'INCOMPLETE' || live?.status === 'PENDING';
      throw new AppError('CONFLICT', {
        reason: awaitsPayment ? 'SUBSCRIPTION_PENDING_ELSEWHERE' : 'SUBSCRIPTION_EXISTS',
        message: awaitsPayment
          ? PENDING_ELSEWHERE
          : 'The team already has a subscription to this neuron: change its plan instead.',
      });
    }
    // A double submit: the same checkout again, answered with the same charge while it is
    // paid or on its way (awaiting authentication, a SEPA debit); a refused one is retried.
    const invoice = await findLatestInvoice(deps.db, teamId, live.id);
    let intent = invoice?.paymentIntentId
      ? await deps.payments.getPaymentIntent(invoice.paymentIntentId)
      : undefined;
    const isOnItsWay =
      intent?.paymentMethodId === request.paymentId &&
      (intent.status === 'requires_action' || intent.status === 'processing');
    if (invoice?.status === 'open' && !isOnItsWay) {
      intent = await chargeInvoice(deps, {
        invoice,
        customerId: customer.gatewayCustomerId,
        paymentMethodId: request.paymentId,
      });
    }
    return respond(deps, live.id, { ...options, intent });
  }

  const intent = await chargeInvoice(deps, {
    invoice: created.invoice,
    customerId: customer.gatewayCustomerId,
    paymentMethodId: request.paymentId,
  });
  return respond(deps, created.subscription.id, { ...options, intent });
}

/** The free plan, refused to a team that has ever paid for one of the paid plans. */
export async function subscribeFree(
  deps: Deps,
  options: Owner & { neuronId: string },
): Promise<TSubscription> {
  await requireNeuron(deps, options.neuronId);
  const plan = await findFreePlan(deps.db, options.neuronId);
  if (!plan) {
    throw new AppError('BUSINESS_RULE', {
      reason: 'NO_FREE_PLAN',
      message: 'This neuron has no free plan.',
    });
  }
  if (await hasEverPaid(deps.db, options.teamId)) {
    throw new AppError('BUSINESS_RULE', { reason: 'FREE_AFTER_PAID', message: FREE_AFTER_PAID });
  }
  const now = deps.clock.now();
  try {
    const subscription = await insertSubscription(deps.db, {
      teamId: options.teamId,
      neuronId: options.neuronId,
      planId: plan.id,
      priceId: null,
      status: 'ACTIVE',
      currentPeriodStart: now,
      currentPeriodEnd: addInterval(now, 'MONTH'),
      activatedAt: now,
      createdAt: now,
    });
    await scheduleRenewal(deps, deps.db, subscription);
    return await presentOne(deps, subscription, options);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('CONFLICT', {
      reason: 'SUBSCRIPTION_EXISTS',
      message: 'The team already has a subscription to this neuron.',
    });
  }
}

export async function listSubscriptions(deps: Deps, options: Owner): Promise<TSubscription[]> {
  const rows = await findSubscriptions(deps.db, options.teamId);
  return presentSubscriptions(deps, rows, options);
}

async function requireSubscription(
  deps: Deps,
  options: Owner & { subscriptionId: string },
): Promise<SubscriptionRow> {
  const subscription = await findSubscription(deps.db, options.teamId, options.subscriptionId);
  if (!subscription) throw new AppError('NOT_FOUND');
  return subscription;
}

export async function getSubscription(
  deps: Deps,
  options: Owner & { subscriptionId: string },
): Promise<TSubscription> {
  return presentOne(deps, await requireSubscription(deps, options), options);
}

/** "Go to Pay": pays an INCOMPLETE or PENDING subscription's open invoice with a method. */
export async function paySubscription(
  deps: Deps,
  options: Owner & { subscriptionId: string; paymentMethodId: string },
): Promise<TSubscribeResponse> {
  const subscription = await requireSubscription(deps, options);
  // The method is checked first, so another team's method is refused whatever the status.
  const { customer } = await requirePaymentMethod(deps, options);
  if (subscription.status !== 'INCOMPLETE' && subscription.status !== 'PENDING') {
    throw new AppError('BUSINESS_RULE', {
      reason: 'NOTHING_TO_PAY',
      message: 'This subscription has nothing to pay.',
    });
  }
  let invoice = await findLatestInvoice(deps.db, subscription.teamId, subscription.id);
  if (invoice?.status === 'paid' && invoice.paymentIntentId) {
    // Paid since the subscription was read (a double submit, a challenge passed): not again.
    const paid = await deps.payments.getPaymentIntent(invoice.paymentIntentId);
    return respond(deps, subscription.id, { ...options, intent: paid });
  }
  if (invoice?.status !== 'open') {
    invoice = await createPendingInvoice(deps, subscription);
  }
  const intent = await chargeInvoice(deps, {
    invoice,
    customerId: customer.gatewayCustomerId,
    paymentMethodId: options.paymentMethodId,
  });
  return respond(deps, subscription.id, { ...options, intent });
}

/** The first invoice of an administrator's PENDING subscription, made when it is paid. */
async function createPendingInvoice(
  deps: Deps,
  subscription: SubscriptionRow,
): Promise<InvoiceRow> {
  const price = subscription.priceId
    ? await findPriceForTeam(deps.db, subscription.teamId, subscription.priceId)
    : undefined;
  const plan = await findPlan(deps.db, subscription.planId);
  if (!price || !plan)
    throw new AppError('BUSINESS_RULE', { reason: 'NOTHING_TO_PAY', message: 'Nothing to pay.' });
  return deps.db.transaction((tx) =>
    createInvoice(deps, tx, {
      teamId: subscription.teamId,
      subscriptionId: subscription.id,
      lines: [{ type: 'subscription', description: plan.name, amountCents: price.amountCents }],
      coupon: null,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
    }),
  );
}

/** ACTIVE: ends at the end of the period. INCOMPLETE: ends now and its invoice is void. */
export async function cancelSubscription(
  deps: Deps,
  options: Owner & { subscriptionId: string },
): Promise<TSubscription> {
  const { teamId } = options;
  const subscription = await requireSubscription(deps, options);
  if (subscription.status === 'ACTIVE' && !subscription.cancelAtPeriodEnd) {
    await updateSubscription(deps.db, teamId, subscription.id, { cancelAtPeriodEnd: true });
  } else if (subscription.status === 'INCOMPLETE') {
    await deps.db.transaction(async (tx) => {
      await updateSubscription(tx, teamId, subscription.id, {
        status: 'CANCELED',
        canceledAt: deps.clock.now(),
      });
      await voidOpenInvoice(tx, teamId, subscription.id);
    });
  } else {
    throw new AppError('BUSINESS_RULE', {
      reason: 'SUBSCRIPTION_NOT_CANCELABLE',
      message: 'This subscription cannot be canceled.',
    });
  }
  return getSubscription(deps, options);
}

export async function reactivateSubscription(
  deps: Deps,
  options: Owner & { subscriptionId: string },
): Promise<TSubscription> {
  const subscription = await requireSubscription(deps, options);
  if (subscription.status !== 'ACTIVE' || !subscription.cancelAtPeriodEnd) {
    throw new AppError('BUSINESS_RULE', {
      reason: 'SUBSCRIPTION_NOT_CANCELING',
      message: 'Only a canceling subscription can be renewed.',
    });
  }
  await updateSubscription(deps.db, options.teamId, subscription.id, {
    cancelAtPeriodEnd: false,
  });
  return getSubscription(deps, options);
}

/** The plan a team holds for a neuron; ended subscriptions count as none. */
export async function getCurrentPlan(
  deps: Deps,
  options: Owner & { neuronId: string },
): Promise<TCurrentPlanResponse> {
  await requireNeuron(deps, options.neuronId);
  const live = await findLiveSubscription(deps.db, options.teamId, options.neuronId);
  if (!live) return { currentPlan: null, currentSubscription: null };
  const plan = await findPlan(deps.db, live.planId);
  if (!plan) throw new Error(`subscription ${live.id} lost its plan`);
  const prices = await findPublicPricesOfPlan(deps, options.teamId, plan.id);
  return {
    currentPlan: toPlan(plan, prices, options.language),
    currentSubscription: await presentOne(deps, live, options),
  };
}

/** Whether the team may use the neuron now, and its plan's limits: for every member. */
export async function getNeuronAccess(
  deps: Deps,
  options: Owner & { neuronId: string },
): Promise<TNeuronAccessResponse> {
  await requireNeuron(deps, options.neuronId);
  const access = await getActiveAccess(deps, options);
  if (!access) return { isSubscribed: false, plan: null };
  const prices = await findPublicPricesOfPlan(deps, options.teamId, access.plan.id);
  return { isSubscribed: true, plan: toPlan(access.plan, prices, options.language) };
}

/** The public prices of the plan, the ones its card shows. */
async function findPublicPricesOfPlan(
  deps: Deps,
  teamId: string,
  planId: string,
): Promise<PriceRow[]> {
  const prices = await findPricesOfPlansForTeam(deps.db, teamId, [planId]);
  return prices.filter((price) => price.teamId === null);
}

/** The subscription's last invoice, if still open, is no longer to be paid. */
async function voidOpenInvoice(
  executor: Executor,
  teamId: string,
  subscriptionId: string,
): Promise<void> {
  const invoice = await findLatestInvoice(executor, teamId, subscriptionId);
  if (invoice?.status === 'open') {
    await updateInvoice(executor, teamId, invoice.id, { status: 'void' });
  }
}

/** Job: a first payment not confirmed within 23 hours ends the subscription. */
export async function expireIncomplete(
  deps: Deps,
  options: { subscriptionId: string },
): Promise<void> {
  // The job names no team: the subscription's own scopes everything that follows.
  const teamId = await findTeamOfSubscription(deps.db, options.subscriptionId);
  if (!teamId) return;
  const subscription = await findSubscription(deps.db, teamId, options.subscriptionId);
  if (subscription?.status !== 'INCOMPLETE' || subscription.activatedAt !== null) return;
  await deps.db.transaction(async (tx) => {
    await updateSubscription(tx, teamId, subscription.id, { status: 'INCOMPLETE_EXPIRED' });
    await voidOpenInvoice(tx, teamId, subscription.id);
  });
}

/** Job: an intent changed outside a request (SEPA settled, 3-D Secure done, a webhook). */
export async function onPaymentIntentUpdated(
  deps: Deps,
  options: { paymentIntentId: string },
): Promise<void> {
  const intent = await deps.payments.getPaymentIntent(options.paymentIntentId);
  if (!intent) return;
  // Not the invoice's current intent (superseded, or not recorded yet): its metadata names it.
  const invoice =
    (await findInvoiceByPaymentIntent(deps.db, intent.id)) ??
    (await findInvoiceOfIntent(deps, intent));
  if (invoice) await applyPaymentIntent(deps, { invoice, intent });
}

const ZChargeMetadata = z.object({ invoiceId: z.uuid(), teamId: z.uuid() });

/** The invoice chargeInvoice named in the intent's metadata; none for another intent. */
async function findInvoiceOfIntent(
  deps: Deps,
  intent: PaymentIntent,
): Promise<InvoiceRow | undefined> {
  const metadata = ZChargeMetadata.safeParse(intent.metadata);
  if (!metadata.success) return undefined;
  return findInvoice(deps.db, metadata.data.teamId, metadata.data.invoiceId);
}

/** What a neuron API call is allowed: the team's active subscription and its plan. */
export type SubscriptionAccess = {
  subscriptionId: string;
  teamId: string;
  neuronId: string;
  plan: PlanRow;
};

async function toAccess(
  deps: Pick<Deps, 'db'>,
  subscription: SubscriptionRow | undefined,
): Promise<SubscriptionAccess | undefined> {
  if (subscription?.status !== 'ACTIVE') return undefined;
  const plan = await findPlan(deps.db, subscription.planId);
  if (!plan) return undefined;
  return {
    subscriptionId: subscription.id,
    teamId: subscription.teamId,
    neuronId: subscription.neuronId,
    plan,
  };
}

export async function getActiveAccess(
  deps: Pick<Deps, 'db'>,
  options: Owner & { neuronId: string },
): Promise<SubscriptionAccess | undefined> {
  return toAccess(deps, await findLiveSubscription(deps.db, options.teamId, options.neuronId));
}

/**
 * A module's gate for the web app: the team's access to the neuron, or 402
 * SUBSCRIPTION_REQUIRED (a 4xx that does not sign the web app out, as 401 and 403 do).
 */
export async function requireActiveAccess(
  deps: Pick<Deps, 'db'>,
  options: Owner & { neuronId: string; message: string },
): Promise<SubscriptionAccess> {
  const access = await getActiveAccess(deps, options);
  if (!access) throw new AppError('SUBSCRIPTION_REQUIRED', { message: options.message });
  return access;
}

/** The access a subscription of the team gives now; none once it has ended or while unpaid. */
export async function getSubscriptionAccess(
  deps: Pick<Deps, 'db'>,
  options: { teamId: string; subscriptionId: string },
): Promise<SubscriptionAccess | undefined> {
  return toAccess(deps, await findSubscription(deps.db, options.teamId, options.subscriptionId));
}
