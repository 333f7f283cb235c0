import { orderTotals, type TInvoice, type TOrderTotals } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { getTeamOwner } from '../users/service.js';
import {
  invoiceDocumentKeys,
  storeMissingInvoiceDocuments,
  type InvoiceWithLines,
} from './invoice-documents.js';
import type { Coupon } from './promotions.js';
import {
  findInvoiceLines,
  findTeamInvoices,
  insertInvoice,
  nextInvoiceNumber,
  type InvoiceLineRow,
  type InvoiceRow,
} from './repository.js';

export type InvoiceLineInput = {
  type: 'subscription' | 'proration' | 'purchase';
  description: string;
  amountCents: number;
};

/**
 * What an invoice of these lines comes to, tax included: the one computation both an invoice
 * and a quote before charging (a plan change's preview) use.
 */
export function invoiceTotals(
  deps: Pick<Deps, 'config'>,
  options: { lines: InvoiceLineInput[]; coupon: Coupon | null },
): TOrderTotals & { taxRateBasisPoints: number } {
  const rate = deps.config.vatRateBasisPoints;
  const totals = orderTotals({
    subtotalCents: options.lines.reduce((sum, line) => sum + line.amountCents, 0),
    coupon: options.coupon,
    vatRatePercent: rate / 100,
  });
  return { ...totals, taxRateBasisPoints: rate };
}

/**
 * Numbers and stores an open invoice: the lines, the coupon's discount, VAT at the configured
 * rate and the owner's billing details at this moment.
 */
export async function createInvoice(
  deps: Pick<Deps, 'clock' | 'config'>,
  executor: Executor,
  options: {
    teamId: string;
    /** Null for a one-time purchase. */
    subscriptionId: string | null;
    lines: InvoiceLineInput[];
    coupon: Coupon | null;
    periodStart: Date;
    periodEnd: Date;
  },
): Promise<InvoiceRow> {
  const totals = invoiceTotals(deps, options);
  const rate = totals.taxRateBasisPoints;
  const owner = await getTeamOwner(executor, options.teamId);
  const now = deps.clock.now();
  const lines: (Omit<InvoiceLineInput, 'type'> & { type: InvoiceLineRow['type'] })[] = [
    ...options.lines,
  ];
  if (totals.discount > 0) {
    lines.push({ type: 'discount', description: 'Discount', amountCents: -totals.discount });
  }
  return insertInvoice(
    executor,
    {
      teamId: options.teamId,
      subscriptionId: options.subscriptionId,
      number: await nextInvoiceNumber(executor, now.getUTCFullYear()),
      status: 'open',
      subtotalCents: totals.subtotal,
      discountCents: totals.discount,
      taxRateBasisPoints: rate,
      taxCents: totals.vat,
      totalCents: totals.total,
      companyName: owner?.companyName ?? '',
      nif: owner?.nif ?? '',
      billingAddress: owner?.billingAddress ?? '',
      zip: owner?.zip ?? '',
      region: owner?.region ?? '',
      country: owner?.country ?? '',
      periodStart: options.periodStart,
      periodEnd: options.periodEnd,
      createdAt: now,
    },
    lines.map((line, position) => ({ ...line, position })),
  );
}

function toInvoice(deps: Pick<Deps, 'storage'>, { invoice, lines }: InvoiceWithLines): TInvoice {
  const documents = invoiceDocumentKeys(invoice);
  return {
    id: invoice.id,
    status: invoice.status,
    number: invoice.number,
    total: invoice.totalCents,
    subtotal: invoice.subtotalCents,
    discount: invoice.discountCents,
    tax: invoice.taxCents,
    taxRate: invoice.taxRateBasisPoints / 100,
    created: invoice.createdAt.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
    hostedInvoiceUrl: deps.storage.signedUrl(documents.htmlKey),
    invoicePdf: deps.storage.signedUrl(documents.pdfKey),
    lines: {
      data: lines.map((line) => ({
        description: line.description,
        type: line.type,
        amount: line.amountCents,
      })),
    },
  };
}

/** The team's invoices, newest first, with links to their documents; drafts are not shown. */
export async function listInvoices(deps: Deps, options: { teamId: string }): Promise<TInvoice[]> {
  const rows = await findTeamInvoices(deps.db, options.teamId);
  const lines = await findInvoiceLines(
    deps.db,
    options.teamId,
    rows.map((row) => row.id),
  );
  const invoices = rows.map((invoice) => ({
    invoice,
    lines: lines.filter((line) => line.invoiceId === invoice.id),
  }));
  await storeMissingInvoiceDocuments(deps.storage, invoices);
  return invoices.map((invoice) => toInvoice(deps, invoice));
}
