import { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import {
  PAYMENT_DISPUTE_LOST_JOB,
  PAYMENT_INTENT_UPDATED_JOB,
  PAYMENT_REFUNDED_JOB,
  type PaymentIntent,
} from '../../platform/payments/gateway.js';
import { invoicesLink, mailOwnerAbout, paymentReceiptMail } from './billing-mails.js';
import {
  applyPaymentIntent,
  PAYMENT_RECEIPT_JOB,
  RENEW_JOB,
  RENEWAL_NOTICE_JOB,
  voidOpenInvoice,
} from './charges.js';
import { RETRY_RENEWAL_JOB } from './dunning.js';
import { creditReturnedCharge, invoicePdf } from './invoices.js';
import { renewSubscription, retryRenewal, sendRenewalNotice } from './renewals.js';
import {
  findInvoice,
  findInvoiceByPaymentIntent,
  findSubscription,
  findTeamOfSubscription,
  updateSubscription,
  type InvoiceRow,
} from './repository.js';

export const EXPIRE_INCOMPLETE_JOB = 'billing.expire_incomplete';

/** The billing jobs, registered once at start-up with the durable queue. */
export function registerBillingJobs(deps: Deps): void {
  deps.jobs.register(PAYMENT_INTENT_UPDATED_JOB, (payload) =>
    onPaymentIntentUpdated(deps, z.object({ paymentIntentId: z.string() }).parse(payload)),
  );
  const ZReturned = z.object({ id: z.string(), amountCents: z.number().int().positive() });
  deps.jobs.register(PAYMENT_REFUNDED_JOB, (payload) => {
    const { paymentIntentId, refund } = z
      .object({ paymentIntentId: z.string(), refund: ZReturned.optional() })
      .parse(payload);
    return creditReturnedCharge(deps, {
      paymentIntentId,
      reason: 'refund',
      ...(refund ? { returned: { reference: refund.id, amountCents: refund.amountCents } } : {}),
    });
  });
  deps.jobs.register(PAYMENT_DISPUTE_LOST_JOB, (payload) => {
    const { paymentIntentId, dispute } = z
      .object({ paymentIntentId: z.string(), dispute: ZReturned })
      .parse(payload);
    return creditReturnedCharge(deps, {
      paymentIntentId,
      reason: 'dispute',
      returned: { reference: dispute.id, amountCents: dispute.amountCents },
    });
  });
  deps.jobs.register(EXPIRE_INCOMPLETE_JOB, (payload) =>
    expireIncomplete(deps, z.object({ subscriptionId: z.string() }).parse(payload)),
  );
  const ZPeriod = z.object({ subscriptionId: z.string(), periodEnd: z.string() });
  deps.jobs.register(RENEW_JOB, (payload) => renewSubscription(deps, ZPeriod.parse(payload)));
  deps.jobs.register(RENEWAL_NOTICE_JOB, (payload) =>
    sendRenewalNotice(deps, ZPeriod.parse(payload)),
  );
  deps.jobs.register(RETRY_RENEWAL_JOB, (payload) =>
    retryRenewal(
      deps,
      z
        .object({ subscriptionId: z.string(), invoiceId: z.string(), retry: z.number().int() })
        .parse(payload),
    ),
  );
  deps.jobs.register(PAYMENT_RECEIPT_JOB, (payload) =>
    sendPaymentReceipt(
      deps,
      z.object({ teamId: z.string(), invoiceId: z.string() }).parse(payload),
    ),
  );
}

/** Job: the receipt of a paid subscription invoice, in the owner's language, with its PDF. */
export async function sendPaymentReceipt(
  deps: Deps,
  options: { teamId: string; invoiceId: string },
): Promise<void> {
  const found = await invoicePdf(deps, options);
  if (!found) return;
  const { invoice, pdf } = found;
  if (invoice.status !== 'paid' || invoice.number === null || invoice.subscriptionId === null) {
    return;
  }
  const subscription = await findSubscription(deps.db, invoice.teamId, invoice.subscriptionId);
  if (!subscription) return;
  const invoiceNumber = invoice.number;
  await mailOwnerAbout(deps, deps.db, {
    teamId: invoice.teamId,
    neuronId: subscription.neuronId,
    build: (recipient, product) =>
      paymentReceiptMail(recipient, {
        product,
        invoiceNumber,
        amountCents: invoice.totalCents,
        link: invoicesLink(deps),
        pdf,
      }),
  });
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
