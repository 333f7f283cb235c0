import type { TPromotionCodeResponse } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { findPromotionCode, type PromotionCodeRow } from './repository.js';

export type Coupon = { amountOff: number | null; percentOff: number | null };

function invalidCode(): AppError {
  return new AppError('NOT_FOUND', {
    reason: 'PROMOTION_CODE_INVALID',
    message: 'Invalid code',
    fields: { promotionCode: 'validation.coupon.invalid' },
  });
}

/** A code that exists, is active, unexpired, not used up and applies to the price. */
export async function requireUsablePromotionCode(
  deps: Pick<Deps, 'clock'>,
  executor: Executor,
  options: { code: string; priceId: string },
): Promise<PromotionCodeRow> {
  const promotion = await findPromotionCode(executor, options.code.trim());
  const now = deps.clock.now();
  const isUsable =
    promotion?.active === true &&
    (promotion.expiresAt === null || promotion.expiresAt > now) &&
    (promotion.maxRedemptions === null || promotion.timesRedeemed < promotion.maxRedemptions) &&
    (promotion.priceIds === null || promotion.priceIds.includes(options.priceId));
  if (!promotion || !isUsable) throw invalidCode();
  return promotion;
}

export function toCoupon(promotion: PromotionCodeRow): Coupon {
  return { amountOff: promotion.amountOffCents, percentOff: promotion.percentOff };
}

export async function validatePromotionCode(
  deps: Deps,
  options: { code: string; priceId: string },
): Promise<TPromotionCodeResponse> {
  const promotion = await requireUsablePromotionCode(deps, deps.db, options);
  return { id: promotion.id, code: promotion.code, coupon: toCoupon(promotion) };
}
