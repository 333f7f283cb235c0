import { datasetPriceCents, type TPurchaseResponse } from '@app/contracts/dataverse';
import type { CheckoutStep } from '../../../components/payment/checkout';
import { purchasePath } from './paths';

/** Spec 001 §9: the row count a purchase starts at when the dataset gives none. */
export const DEFAULT_PURCHASE_ROWS = 100;

export type RowsCheck = { kind: 'ok'; rows: number } | { kind: 'invalid' | 'tooMany' };

/** The rows asked for: a whole number from 1 to the rows the version has. */
export function checkRows(text: string, available: number): RowsCheck {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { kind: 'invalid' };
  const rows = Number(trimmed);
  if (rows < 1) return { kind: 'invalid' };
  if (rows > available) return { kind: 'tooMany' };
  return { kind: 'ok', rows };
}

/** The rows the drawer opens with: 100, or every row of a smaller dataset. */
export function defaultRows(available: number): number {
  return Math.max(1, Math.min(DEFAULT_PURCHASE_ROWS, available));
}

/** Spec 001 §5: pricingValue × ceil(rows / pricingBase), in euro cents. */
export function purchasePriceCents(options: {
  pricingValue: number;
  pricingBase: number;
  rows: number;
}): number {
  return datasetPriceCents({
    pricingValue: options.pricingValue,
    pricingBase: options.pricingBase,
    quantity: options.rows,
  });
}

/** Spec 000 §4's payment flow for a purchase: what one press of PROCEED TO PAYMENT ended in. */
export function purchaseStep(response: TPurchaseResponse): CheckoutStep {
  const { purchase, paymentStatus } = response;
  if (paymentStatus === 'requires_action' || purchase.status === 'REQUIRES_ACTION') {
    return {
      kind: 'requiresAction',
      action: {
        clientSecret: response.clientSecret ?? purchase.paymentIntent?.clientSecret ?? null,
        nextActionUrl: purchase.paymentIntent?.nextActionUrl ?? null,
      },
      returnTo: purchasePath(purchase.id),
    };
  }
  if (purchase.status === 'PAID') return { kind: 'result', result: { kind: 'success' } };
  if (purchase.status === 'PROCESSING' || paymentStatus === 'processing') {
    return { kind: 'result', result: { kind: 'processing' } };
  }
  return { kind: 'result', result: { kind: 'failed' } };
}
