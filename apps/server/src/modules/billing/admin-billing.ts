import { randomBytes } from 'node:crypto';
import {
  VALIDATION,
  type TAdminCreditNoteRequest,
  type TAdminCustomPriceRequest,
  type TAdminPromotionCode,
  type TAdminPromotionCodeRequest,
  type TAdminPrice,
  type TAdminProduct,
  type TAdminSubscriptionRequest,
  type TInvoice,
  type TSubscription,
} from '@app/contracts';
import { isUniqueViolation } from '../../db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import { getUserById } from '../users/service.js';
import { addInterval } from './periods.js';
import {
  findPaidPlansWithPrices,
  findPlan,
  findPriceForTeam,
  findPromotionCodes,
  insertPrice,
  insertPromotionCode,
  insertSubscription,
  type PriceRow,
  type PromotionCodeRow,
} from './repository.js';
import { creditInvoice, listInvoices } from './invoices.js';
import { getSubscription, listSubscriptions } from './subscription-actions.js';

async function requireCustomerTeam(deps: Deps, userId: string): Promise<string> {
  const user = await getUserById(deps.db, userId);
  if (!user) throw new AppError('NOT_FOUND', { message: 'There is no such user.' });
  return user.teamId;
}

function toAdminPrice(price: PriceRow): TAdminPrice {
  return {
    priceId: price.id,
    price: price.amountCents,
    interval: price.interval,
    currency: price.currency,
    teamId: price.teamId,
  };
}

/**
 * Every paid plan as a product with its public prices and, for a user (the administrator's
 * view), their team's custom ones.
 */
export async function listAdminProducts(
  deps: Deps,
  options: { userId?: string | undefined },
): Promise<TAdminProduct[]> {
  const teamId = options.userId ? await requireCustomerTeam(deps, options.userId) : undefined;
  const rows = await findPaidPlansWithPrices(deps.db, teamId);
  const products = new Map<string, TAdminProduct>();
  for (const { plan, price } of rows) {
    const product = products.get(plan.id) ?? {
      productId: plan.id,
      productName: `${plan.neuronId} ${plan.name}`,
      neuron: plan.neuronId,
      planCode: plan.code,
      prices: [],
    };
    if (price) product.prices.push(toAdminPrice(price));
    products.set(plan.id, product);
  }
  return [...products.values()];
}

/** A price of a plan for one customer's team alone, created at the payment provider too. */
export async function createCustomPrice(
  deps: Deps,
  request: TAdminCustomPriceRequest,
): Promise<TAdminPrice> {
  const teamId = await requireCustomerTeam(deps, request.userId);
  const plan = await findPlan(deps.db, request.productId);
  if (!plan || plan.isFree) {
    throw new AppError('VALIDATION', {
      message: 'Choose a paid plan.',
      fields: { productId: 'validation.invalid' },
    });
  }
  const gatewayPrice = await deps.payments.createPrice({
    productId: plan.id,
    amountCents: request.price,
    interval: request.interval,
  });
  const price = await insertPrice(deps.db, {
    id: `price_custom_${randomBytes(8).toString('hex')}`,
    planId: plan.id,
    interval: request.interval,
    amountCents: request.price,
    currency: 'eur',
    teamId,
    gatewayPriceId: gatewayPrice.id,
    createdAt: deps.clock.now(),
  });
  return toAdminPrice(price);
}

/**
 * A PENDING subscription on a price of the customer's (public or their custom one), from
 * today to one interval later unless the administrator picks the dates.
 */
export async function createPendingSubscription(
  deps: Deps,
  request: TAdminSubscriptionRequest,
): Promise<TSubscription> {
  const teamId = await requireCustomerTeam(deps, request.userId);
  const price = await findPriceForTeam(deps.db, teamId, request.priceId);
  const plan = price && (await findPlan(deps.db, price.planId));
  if (!price || !plan || price.interval === 'ONE_TIME') {
    throw new AppError('VALIDATION', {
      message: 'This price is not for this customer.',
      fields: { priceId: 'validation.invalid' },
    });
  }
  const start = request.startDate ? new Date(request.startDate) : deps.clock.now();
  const end = request.endDate ? new Date(request.endDate) : addInterval(start, price.interval);
  if (end <= start) {
    throw new AppError('VALIDATION', {
      message: 'The end date must come after the start date.',
      fields: { endDate: 'validation.invalid' },
    });
  }
  try {
    const subscription = await insertSubscription(deps.db, {
      teamId,
      neuronId: plan.neuronId,
      planId: plan.id,
      priceId: price.id,
      status: 'PENDING',
      currentPeriodStart: start,
      currentPeriodEnd: end,
      createdByAdmin: true,
      createdAt: deps.clock.now(),
    });
    return await getSubscription(deps, { teamId, subscriptionId: subscription.id });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('CONFLICT', {
      reason: 'SUBSCRIPTION_EXISTS',
      message: 'The customer already has a subscription to this neuron.',
    });
  }
}

export async function listUserSubscriptions(
  deps: Deps,
  options: { userId: string },
): Promise<TSubscription[]> {
  return listSubscriptions(deps, { teamId: await requireCustomerTeam(deps, options.userId) });
}

export async function listUserInvoices(
  deps: Deps,
  options: { userId: string },
): Promise<TInvoice[]> {
  return listInvoices(deps, { teamId: await requireCustomerTeam(deps, options.userId) });
}

/** A credit note for a paid invoice of the user's team (see creditInvoice). */
export async function creditUserInvoice(
  deps: Deps,
  options: { userId: string; invoiceId: string } & TAdminCreditNoteRequest,
): Promise<TInvoice> {
  const teamId = await requireCustomerTeam(deps, options.userId);
  return creditInvoice(deps, { teamId, invoiceId: options.invoiceId, reason: options.reason });
}

function toAdminPromotionCode(row: PromotionCodeRow): TAdminPromotionCode {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOff: row.amountOffCents,
    priceIds: row.priceIds,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    durationMonths: row.durationMonths,
    timesRedeemed: row.timesRedeemed,
  };
}

export async function createPromotionCode(
  deps: Deps,
  request: TAdminPromotionCodeRequest & { code: string },
): Promise<TAdminPromotionCode> {
  const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
  if (expiresAt && expiresAt <= deps.clock.now()) {
    throw validationError(
      { expiresAt: VALIDATION.invalid },
      'The code would expire before it is used.',
    );
  }
  try {
    const row = await insertPromotionCode(deps.db, {
      code: request.code,
      percentOff: request.percentOff ?? null,
      amountOffCents: request.amountOff ?? null,
      priceIds: request.priceIds ?? null,
      expiresAt,
      maxRedemptions: request.maxRedemptions ?? null,
      durationMonths: request.durationMonths ?? null,
      createdAt: deps.clock.now(),
    });
    return toAdminPromotionCode(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('CONFLICT', {
      reason: 'PROMOTION_CODE_EXISTS',
      message: 'This promotion code exists already.',
      fields: { code: 'validation.invalid' },
    });
  }
}

export async function listPromotionCodes(deps: Deps): Promise<TAdminPromotionCode[]> {
  return (await findPromotionCodes(deps.db)).map(toAdminPromotionCode);
}
