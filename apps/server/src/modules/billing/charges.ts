import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import {
  CANCELABLE_INTENT_STATUSES,
  type IntentStatus,
  type PaymentIntent,
} from '../../platform/payments/gateway.js';
import { continueDunning, startDunning } from './dunning.js';
import { recordInvoicePaid } from './invoices.js';
import {
  findCustomer,
  findLatestInvoice,
  findSubscription,
  lockInvoice,
  updateInvoice,
  updateDefaultPaymentMethod,
  updateSubscription,
  type InvoiceRow,
  type SubscriptionRow,
} from './repository.js';

export const RENEW_JOB = 'billing.renew';
export const RENEWAL_NOTICE_JOB = 'billing.renewal_notice';
export const PAYMENT_RECEIPT_JOB = 'billing.payment_receipt';
const RENEWAL_NOTICE_DAYS = 7;
const DAY = 86_400_000;

const PAYMENT_ON_ITS_WAY =
  'A SEPA debit of this invoice is on its way: wait until it settles or fails before paying again.';
const CHARGED_ANOTHER_WAY =
  'This invoice was paid or charged another way at the same time: this payment was canceled, or refunded in full.';

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
      await recordInvoicePaid(deps, tx, {
        invoice,
        paymentIntentId: intent.id,
        at: now,
      });
      await adoptFirstPaymentMethod(tx, invoice.teamId, intent.paymentMethodId);
      if (subscription && subscription.status !== 'CANCELED') {
        await updateSubscription(tx, subscription.teamId, subscription.id, {
          status: 'ACTIVE',
          activatedAt: subscription.activatedAt ?? now,
          paymentMethodId: intent.paymentMethodId ?? subscription.paymentMethodId,
          renewalRetries: 0,
        });
        await scheduleRenewal(deps, tx, subscription);
      }
      // The receipt carries the invoice's PDF, drawn by the job in the CPU pool.
      if (subscription && invoice.totalCents > 0) {
        await deps.jobs.enqueue(
          PAYMENT_RECEIPT_JOB,
          { teamId: invoice.teamId, invoiceId: invoice.id },
          { tx },
        );
      }
      return 'applied';
    }
    await updateInvoice(tx, invoice.teamId, invoice.id, { paymentIntentId: intent.id });
    if (!subscription) return 'applied';
    if (intent.status === 'processing' && ['INCOMPLETE', 'PENDING'].includes(subscription.status)) {
      await updateSubscription(tx, subscription.teamId, subscription.id, { status: 'PROCESSING' });
    }
    const isRefused = intent.status === 'requires_payment_method' || intent.status === 'canceled';
    // A subscription that was active before is in its dunning: it goes on or ends.
    if (isRefused && subscription.status === 'PROCESSING' && subscription.activatedAt !== null) {
      await continueDunning(deps, tx, { subscription, reason: intent.lastError });
    } else if (isRefused && subscription.status === 'PROCESSING') {
      await updateSubscription(tx, subscription.teamId, subscription.id, { status: 'INCOMPLETE' });
    }
    // A renewal or an upgrade that could not be charged: the owner must pay it.
    if (isRefused && subscription.status === 'ACTIVE' && invoice.status === 'open') {
      await startDunning(deps, tx, { subscription, invoice, reason: intent.lastError });
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

/**
 * The renewal job of the current period, and for a paid plan the notice of it 7 days before;
 * a stale one (period already rolled) does nothing.
 */
export async function scheduleRenewal(
  deps: Pick<Deps, 'jobs' | 'clock'>,
  executor: Executor,
  subscription: SubscriptionRow,
): Promise<void> {
  const payload = {
    subscriptionId: subscription.id,
    periodEnd: subscription.currentPeriodEnd.toISOString(),
  };
  await deps.jobs.enqueue(RENEW_JOB, payload, {
    tx: executor,
    runAt: subscription.currentPeriodEnd,
  });
  const noticeAt = new Date(subscription.currentPeriodEnd.getTime() - RENEWAL_NOTICE_DAYS * DAY);
  if (subscription.priceId !== null && noticeAt > deps.clock.now()) {
    await deps.jobs.enqueue(RENEWAL_NOTICE_JOB, payload, { tx: executor, runAt: noticeAt });
  }
}

/** The first method that pays becomes the team's default when it has none. */
async function adoptFirstPaymentMethod(
  executor: Executor,
  teamId: string,
  paymentMethodId: string | null,
): Promise<void> {
  const customer = await findCustomer(executor, teamId);
  if (!paymentMethodId || !customer || customer.defaultPaymentMethodId) return;
  await updateDefaultPaymentMethod(executor, teamId, paymentMethodId);
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

/** The subscription's last invoice, if still open, is no longer to be paid. */
export async function voidOpenInvoice(
  executor: Executor,
  teamId: string,
  subscriptionId: string,
): Promise<void> {
  const invoice = await findLatestInvoice(executor, teamId, subscriptionId);
  if (invoice?.status === 'open') {
    await updateInvoice(executor, teamId, invoice.id, { status: 'void' });
  }
}
