import { discountedCents } from '@app/contracts/billing';

/** VAT the server adds to every invoice (its default rate), in percent. */
export const VAT_RATE_PERCENT = 21;

export type Totals = { subtotal: number; discount: number; vat: number; total: number };

/** The order's totals in cents, computed as the server's invoice does. */
export function computeTotals(
  priceCents: number,
  coupon: { amountOff: number | null; percentOff: number | null } | null,
): Totals {
  const discount = priceCents - discountedCents(priceCents, coupon);
  const vat = Math.round(((priceCents - discount) * VAT_RATE_PERCENT) / 100);
  return { subtotal: priceCents, discount, vat, total: priceCents - discount + vat };
}
