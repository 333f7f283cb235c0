import {
  INCOMPLETE_EXPIRY_HOURS,
  type TCurrentPlanResponse,
  type TSubscribeRequest,
  type TSubscribeResponse,
  type TSubscription,
} from '@app/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { requireNeuron, toPlan } from '../catalogue/service.js';
import { EXPIRE_INCOMPLETE_JOB } from './billing-jobs.js';
import { mailOwnerAbout, subscriptionCanceledMail, subscriptionLink } from './billing-mails.js';
import { chargeInvoice, scheduleRenewal, voidOpenInvoice } from './charges.js';
import { requireCheckout, type Owner } from './checkout.js';
import { requirePaymentMethod } from './customers.js';
import { createInvoice } from './invoices.js';
import { addInterval, addMonths } from './periods.js';
import { requireUsablePromotionCode, type Coupon } from './promotions.js';
import {
  findFreePlan,
  findLatestInvoice,
  findLiveSubscription,
  findPlan,
  findPriceForTeam,
  findSubscription,
  findSubscriptions,
  hasEverPaid,
  insertSubscription,
  redeemPromotionCode,
  updateSubscription,
  type InvoiceRow,
  type SubscriptionRow,
} from './repository.js';
import {
  findPublicPricesOfPlan,
  presentOne,
  presentSubscriptions,
  respond,
} from './subscription-presentation.js';

const HOUR = 3_600_000;

const PENDING_ELSEWHERE =
  'You have a pending payment in a different plan, please complete the payment or delete the pending subscription in your manage subscription view';
const FREE_AFTER_PAID = 'You cannot use a free plan after have had a paid subscription';

/** A new paid subscription: INCOMPLETE with an open invoice, charged at once. */
export async function subscribe(
  deps: Deps,
  options: Owner & { neuronId: string; request: TSubscribeRequest },
): Promise<TSubscribeResponse> {
  const { teamId, request } = options;
  await requireNeuron(deps, options.neuronId);
  const { price, plan, customer } = await requireCheckout(deps, options);
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
        discountEndsAt: promotion?.durationMonths ? addMonths(now, promotion.durationMonths) : null,
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
            text: { kind: 'plan', plan, interval: price.interval },
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
      lines: [
        { type: 'subscription', text: { kind: 'plan', plan }, amountCents: price.amountCents },
      ],
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
    await deps.db.transaction(async (tx) => {
      await updateSubscription(tx, teamId, subscription.id, { cancelAtPeriodEnd: true });
      await mailOwnerAbout(deps, tx, {
        teamId,
        neuronId: subscription.neuronId,
        build: (recipient, product) =>
          subscriptionCanceledMail(recipient, {
            product,
            endsAt: subscription.currentPeriodEnd,
            unpaid: false,
            link: subscriptionLink(deps),
          }),
      });
    });
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
