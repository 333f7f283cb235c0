import type { Language, TSubscribeRequest } from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { requirePaymentMethod } from './customers.js';
import {
  findPlan,
  findPriceForTeam,
  type CustomerRow,
  type PlanRow,
  type PriceRow,
} from './repository.js';

/** The team asking, and the language its names are shown in (English when absent). */
export type Owner = { teamId: string; language?: Language };

export type SellablePrice = PriceRow & { interval: 'MONTH' | 'YEAR' };

/** A price on sale for the neuron and plan: public, or this team's custom one. */
export async function requireSellablePrice(
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
