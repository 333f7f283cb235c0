import { ONE_TIME_PRICE_ID } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import {
  CANCELABLE_INTENT_STATUSES,
  type IntentStatus,
  type PaymentIntent,
} from '../../platform/payments/gateway.js';
import { requirePaymentMethod } from './customers.js';
import { createInvoice } from './invoices.js';
import type { InvoiceLineText } from './invoice-line-text.js';
import { requireUsablePromotionCode, toCoupon } from './promotions.js';
import {
  findInvoice,
  lockInvoice,
  redeemPromotionCode,
  updateInvoice,
  type CustomerRow,
  type InvoiceRow,
  type PromotionCodeRow,
} from './repository.js';
import { chargeInvoice } from './charges.js';

/**
 * One-time charges that other modules sell (a Dataverse purchase): an invoice with no
 * subscription, charged once through the payment gateway like a subscription's first invoice
 * (3-D Secure, SEPA, the same idempotency keys and webhooks). Its status is the sale's.
 */
export type OneTimeInvoice = InvoiceRow;
export type OneTimePromotion = PromotionCodeRow;

/** The team's customer, when the payment method is one of its own (400 paymentId otherwise). */
export async function requireOneTimeCheckout(
  deps: Deps,
  options: { teamId: string; paymentMethodId: string },
): Promise<CustomerRow> {
  const { customer } = await requirePaymentMethod(deps, options);
  return customer;
}

/** A promotion code a one-time sale may use (404 PROMOTION_CODE_INVALID otherwise). */
export function requireOneTimePromotion(
  deps: Deps,
  options: { code: string },
): Promise<PromotionCodeRow> {
  return requireUsablePromotionCode(deps, deps.db, {
    code: options.code,
    priceId: ONE_TIME_PRICE_ID,
  });
}

/** Redeems the code and numbers an open invoice of one line, inside the caller's transaction. */
export async function createOneTimeInvoice(
  deps: Deps,
  executor: Executor,
  options: {
    teamId: string;
    text: InvoiceLineText;
    amountCents: number;
    promotion: PromotionCodeRow | null;
  },
): Promise<InvoiceRow> {
  const { promotion } = options;
  if (promotion && !(await redeemPromotionCode(executor, promotion.id))) {
    throw new AppError('NOT_FOUND', {
      reason: 'PROMOTION_CODE_INVALID',
      message: 'Invalid code',
      fields: { promotionCode: 'validation.coupon.invalid' },
    });
  }
  const now = deps.clock.now();
  return createInvoice(deps, executor, {
    teamId: options.teamId,
    subscriptionId: null,
    lines: [{ type: 'purchase', text: options.text, amountCents: options.amountCents }],
    coupon: promotion ? toCoupon(promotion) : null,
    periodStart: now,
    periodEnd: now,
  });
}

/**
 * Charges the open invoice (see chargeInvoice); undefined when it came to nothing. Once it is
 * paid, the method becomes the team's default if it has none (applyPaymentIntent).
 */
export async function chargeOneTimeInvoice(
  deps: Deps,
  options: { invoice: InvoiceRow; customer: CustomerRow; paymentMethodId: string },
): Promise<PaymentIntent | undefined> {
  return chargeInvoice(deps, {
    invoice: options.invoice,
    customerId: options.customer.gatewayCustomerId,
    paymentMethodId: options.paymentMethodId,
  });
}

export function findOneTimeInvoice(
  deps: Deps,
  options: { teamId: string; invoiceId: string },
): Promise<InvoiceRow | undefined> {
  return findInvoice(deps.db, options.teamId, options.invoiceId);
}

/**
 * An unpaid one-time invoice is no longer to be paid: its open intent is canceled and it is
 * void. One whose SEPA debit is on its way, or that was paid meanwhile, stays as it is; the
 * answer says whether it was voided.
 */
export async function voidOneTimeInvoice(
  deps: Deps,
  options: { teamId: string; invoiceId: string },
): Promise<boolean> {
  const invoice = await findInvoice(deps.db, options.teamId, options.invoiceId);
  if (invoice?.status !== 'open') return false;
  if (invoice.paymentIntentId) {
    const intent = await deps.payments.getPaymentIntent(invoice.paymentIntentId);
    const isCancelable =
      intent !== undefined &&
      (CANCELABLE_INTENT_STATUSES as readonly IntentStatus[]).includes(intent.status);
    if (intent && isCancelable) await deps.payments.cancelPaymentIntent(intent.id);
    else if (intent && intent.status !== 'canceled') return false;
  }
  return deps.db.transaction(async (tx) => {
    const locked = await lockInvoice(tx, options.teamId, options.invoiceId);
    if (locked?.status !== 'open') return false;
    await updateInvoice(tx, options.teamId, options.invoiceId, { status: 'void' });
    return true;
  });
}
