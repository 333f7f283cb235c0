import { orderTotals, type TInvoice, type TOrderTotals } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getTeamOwner, toLanguage } from '../users/service.js';
import {
  invoiceDocumentKeys,
  storeMissingInvoiceDocuments,
  type InvoiceWithLines,
} from './invoice-documents.js';
import type { Coupon } from './promotions.js';
import { creditNoteAmounts } from './credit-amounts.js';
import {
  findCreditedAmounts,
  findCreditNoteByReference,
  findInvoice,
  findInvoiceByPaymentIntent,
  findInvoiceLines,
  findInvoicesByIds,
  findTeamInvoices,
  insertInvoice,
  lockInvoice,
  nextInvoiceNumber,
  updateInvoice,
  type InvoiceLineRow,
  type InvoiceRow,
} from './repository.js';
import { resolveTax, type Tax } from './tax.js';
import { discountDescription, lineDescription, type InvoiceLineText } from './invoice-line-text.js';

export type InvoiceLineInput = {
  type: 'subscription' | 'proration' | 'purchase';
  text: InvoiceLineText;
  amountCents: number;
};

/**
 * The team's billing details now, and how invoices made from them are taxed (resolveTax).
 */
async function buyerOf(
  deps: Pick<Deps, 'config'>,
  executor: Executor,
  teamId: string,
): Promise<{ buyer: Buyer; language: string; tax: Tax }> {
  const owner = await getTeamOwner(executor, teamId);
  const buyer = {
    companyName: owner?.companyName ?? '',
    nif: owner?.nif ?? '',
    billingAddress: owner?.billingAddress ?? '',
    zip: owner?.zip ?? '',
    region: owner?.region ?? '',
    country: owner?.country ?? '',
  };
  return { buyer, language: owner?.language ?? '', tax: await resolveTax(deps, buyer) };
}

type Buyer = Pick<
  InvoiceRow,
  'companyName' | 'nif' | 'billingAddress' | 'zip' | 'region' | 'country'
>;

function totalsOf(options: { lines: InvoiceLineInput[]; coupon: Coupon | null; tax: Tax }) {
  return orderTotals({
    subtotalCents: options.lines.reduce((sum, line) => sum + line.amountCents, 0),
    coupon: options.coupon,
    vatRatePercent: options.tax.rateBasisPoints / 100,
  });
}

/**
 * What an invoice of these lines to the team comes to, tax included: the one computation both
 * an invoice and a quote before charging (a plan change's preview) use.
 */
export async function invoiceTotals(
  deps: Pick<Deps, 'config'>,
  executor: Executor,
  options: { teamId: string; lines: InvoiceLineInput[]; coupon: Coupon | null },
): Promise<TOrderTotals & { tax: Tax }> {
  const { tax } = await buyerOf(deps, executor, options.teamId);
  return { ...totalsOf({ ...options, tax }), tax };
}

/**
 * Stores an open invoice: the lines, the coupon's discount, the tax of the buyer (see
 * resolveTax) and the owner's billing details and language at this moment. It gets its number
 * when its charge is recorded (recordInvoicePaid), so an invoice never paid leaves no gap.
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
  const { buyer, language, tax } = await buyerOf(deps, executor, options.teamId);
  const invoiceLanguage = toLanguage(language);
  const totals = totalsOf({ ...options, tax });
  const lines: Pick<InvoiceLineRow, 'type' | 'description' | 'amountCents'>[] = options.lines.map(
    (line) => ({
      type: line.type,
      description: lineDescription(line.text, invoiceLanguage),
      amountCents: line.amountCents,
    }),
  );
  if (totals.discount > 0) {
    lines.push({
      type: 'discount',
      description: discountDescription(invoiceLanguage),
      amountCents: -totals.discount,
    });
  }
  return insertInvoice(
    executor,
    {
      teamId: options.teamId,
      subscriptionId: options.subscriptionId,
      number: null,
      status: 'open',
      subtotalCents: totals.subtotal,
      discountCents: totals.discount,
      taxRateBasisPoints: tax.rateBasisPoints,
      taxTreatment: tax.treatment,
      taxCents: totals.vat,
      totalCents: totals.total,
      language: invoiceLanguage,
      ...buyer,
      periodStart: options.periodStart,
      periodEnd: options.periodEnd,
      createdAt: deps.clock.now(),
    },
    lines.map((line, position) => ({ ...line, position })),
  );
}

const MADRID_YEAR = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Madrid', year: 'numeric' });

/** The year of the seller's books: the one in Madrid, where New Year comes before UTC's. */
export function spanishYear(at: Date): number {
  return Number(MADRID_YEAR.format(at));
}

/** The seller's details as configured now: printed on every document numbered from now on. */
function sellerOf(deps: Pick<Deps, 'config'>) {
  const { seller } = deps.config;
  return { sellerName: seller.legalName, sellerNif: seller.nif, sellerAddress: seller.address };
}

/**
 * Records the charge that paid an invoice and issues it: its number in series F of the year and
 * the seller's details (one numbered before keeps its number). Called inside the transaction
 * that records the charge, so a rollback gives the number back and two charges at once never
 * share one.
 */
export async function recordInvoicePaid(
  deps: Pick<Deps, 'config'>,
  executor: Executor,
  options: { invoice: InvoiceRow; paymentIntentId: string; at: Date },
): Promise<{ number: string }> {
  const { invoice, at } = options;
  const number = invoice.number ?? (await nextInvoiceNumber(executor, 'F', spanishYear(at)));
  await updateInvoice(executor, invoice.teamId, invoice.id, {
    paymentIntentId: options.paymentIntentId,
    status: 'paid',
    paidAt: invoice.paidAt ?? at,
    ...(invoice.number === null ? { number, issuedAt: at, ...sellerOf(deps) } : {}),
  });
  return { number };
}

export type CreditReason = NonNullable<InvoiceRow['creditReason']>;

/**
 * A credit note (factura rectificativa, series R) for a paid invoice of the team, referring to
 * its number: the same buyer and tax, negative amounts, taking back all that the invoice's
 * credit notes left (issueCreditNote). A refund returns the charge through the payment provider
 * first (its key names the invoice, so a retry refunds once); a canceled charge (returned
 * outside the platform) records the note alone. An invoice credited in full is a conflict.
 */
export async function creditInvoice(
  deps: Deps,
  options: { teamId: string; invoiceId: string; reason: CreditReason },
): Promise<TInvoice> {
  const creditNote = await issueCreditNote(deps, options);
  if (!creditNote) throw alreadyCredited();
  const [presented] = await presentInvoices(deps, options.teamId, [creditNote]);
  if (!presented) throw new Error(`credit note ${creditNote.id} was not presented`);
  return presented;
}

/**
 * Issues a credit note for what the invoice's credit notes left, or for the amount a provider's
 * refund or lost dispute (`returned`) gave back, never more than is left (creditNoteAmounts).
 * Undefined when `returned` has its note already or nothing is left for it; an invoice credited
 * in full is a conflict otherwise.
 */
async function issueCreditNote(
  deps: Deps,
  options: {
    teamId: string;
    invoiceId: string;
    reason: CreditReason;
    /** The provider returned the charge already (a refund made there): no refund is asked. */
    isRefundedAtProvider?: boolean;
    /** The provider's refund or dispute this note answers, once, and the amount it returned. */
    returned?: { reference: string; amountCents: number };
  },
): Promise<InvoiceRow | undefined> {
  const { teamId, returned } = options;
  const invoice = await findInvoice(deps.db, teamId, options.invoiceId);
  if (!invoice) throw new AppError('NOT_FOUND');
  requireCreditable(invoice);
  if (!returned)
    requireNotCreditedInFull(invoice, await findCreditedAmounts(deps.db, teamId, invoice.id));
  const isGatewayCharge =
    invoice.paymentIntentId !== null && !invoice.paymentIntentId.startsWith('free_');
  if (
    options.reason === 'refund' &&
    !options.isRefundedAtProvider &&
    isGatewayCharge &&
    invoice.paymentIntentId
  ) {
    await deps.payments.refundPaymentIntent({
      id: invoice.paymentIntentId,
      idempotencyKey: `refund-invoice-${invoice.id}`,
    });
  }
  const at = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const locked = await lockInvoice(tx, teamId, invoice.id);
      if (!locked) throw new AppError('NOT_FOUND');
      requireCreditable(locked);
      if (returned && (await findCreditNoteByReference(tx, teamId, returned.reference))) {
        return undefined;
      }
      const credited = await findCreditedAmounts(tx, teamId, locked.id);
      if (!returned) requireNotCreditedInFull(locked, credited);
      const lines = await findInvoiceLines(tx, teamId, [locked.id]);
      const amounts = creditNoteAmounts({
        invoice: locked,
        lineCents: lines.map((line) => line.amountCents),
        credited,
        ...(returned ? { requestedCents: returned.amountCents } : {}),
      });
      if (!amounts) return undefined;
      return insertInvoice(
        tx,
        {
          teamId,
          subscriptionId: locked.subscriptionId,
          series: 'R',
          number: await nextInvoiceNumber(tx, 'R', spanishYear(at)),
          correctsInvoiceId: locked.id,
          creditReason: options.reason,
          providerReference: returned?.reference ?? null,
          status: 'paid',
          currency: locked.currency,
          subtotalCents: -amounts.subtotalCents,
          discountCents: -amounts.discountCents,
          taxRateBasisPoints: locked.taxRateBasisPoints,
          taxTreatment: locked.taxTreatment,
          taxCents: -amounts.taxCents,
          totalCents: -amounts.totalCents,
          language: locked.language,
          companyName: locked.companyName,
          nif: locked.nif,
          billingAddress: locked.billingAddress,
          zip: locked.zip,
          region: locked.region,
          country: locked.country,
          ...sellerOf(deps),
          periodStart: locked.periodStart,
          periodEnd: locked.periodEnd,
          issuedAt: at,
          paidAt: at,
          createdAt: at,
        },
        lines.map((line, index) => ({
          position: line.position,
          type: line.type,
          description: line.description,
          amountCents: -(amounts.lineCents[index] ?? 0),
        })),
      );
    });
  } catch (error) {
    // The same refund or dispute credited by another delivery at the same moment.
    if (returned && isUniqueViolation(error)) return undefined;
    throw error;
  }
}

function requireNotCreditedInFull(
  invoice: InvoiceRow,
  credited: { notes: number; totalCents: number },
): void {
  if (credited.notes > 0 && credited.totalCents >= invoice.totalCents) throw alreadyCredited();
}

function requireCreditable(invoice: InvoiceRow): void {
  if (invoice.series !== 'F' || invoice.status !== 'paid' || invoice.number === null) {
    throw new AppError('BUSINESS_RULE', {
      reason: 'INVOICE_NOT_CREDITABLE',
      message: 'Only a paid invoice can be refunded or credited.',
    });
  }
}

/**
 * Money of a charge the provider returned (see PAYMENT_REFUNDED_JOB and
 * PAYMENT_DISPUTE_LOST_JOB) credits the paid invoice it paid: one refund or lost dispute its
 * amount, once however often it is told; a charge returned in full what the invoice's credit
 * notes left, so a repeated event, or a refund the administrator's credit note asked for, adds
 * nothing.
 */
export async function creditReturnedCharge(
  deps: Deps,
  options: {
    paymentIntentId: string;
    reason: 'refund' | 'dispute';
    returned?: { reference: string; amountCents: number };
  },
): Promise<void> {
  // The provider's event names no team: the invoice's own scopes the credit note.
  const invoice = await findInvoiceByPaymentIntent(deps.db, options.paymentIntentId);
  if (invoice?.series !== 'F' || invoice.status !== 'paid') return;
  try {
    await issueCreditNote(deps, {
      teamId: invoice.teamId,
      invoiceId: invoice.id,
      reason: options.reason,
      isRefundedAtProvider: true,
      ...(options.returned ? { returned: options.returned } : {}),
    });
  } catch (error) {
    if (error instanceof AppError && error.reason === 'INVOICE_ALREADY_CREDITED') return;
    throw error;
  }
}

function alreadyCredited(): AppError {
  return new AppError('CONFLICT', {
    reason: 'INVOICE_ALREADY_CREDITED',
    message: 'This invoice has a credit note already.',
  });
}

function toInvoice(
  deps: Pick<Deps, 'storage'>,
  { invoice, lines, corrects }: InvoiceWithLines,
): TInvoice {
  const documents = invoiceDocumentKeys(invoice);
  return {
    id: invoice.id,
    status: invoice.status,
    number: invoice.number,
    kind: invoice.series === 'R' ? 'credit_note' : 'invoice',
    corrects: corrects ?? null,
    total: invoice.totalCents,
    subtotal: invoice.subtotalCents,
    discount: invoice.discountCents,
    tax: invoice.taxCents,
    taxRate: invoice.taxRateBasisPoints / 100,
    taxTreatment: invoice.taxTreatment,
    created: invoice.createdAt.toISOString(),
    issued: invoice.issuedAt?.toISOString() ?? null,
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

/** Invoices of the team with their lines and the numbers they correct, documents stored. */
async function withStoredDocuments(
  deps: Deps,
  teamId: string,
  rows: InvoiceRow[],
): Promise<InvoiceWithLines[]> {
  const lines = await findInvoiceLines(
    deps.db,
    teamId,
    rows.map((row) => row.id),
  );
  const correctedIds = rows.flatMap((row) =>
    row.correctsInvoiceId ? [row.correctsInvoiceId] : [],
  );
  const corrected = new Map(
    (await findInvoicesByIds(deps.db, teamId, correctedIds)).map((row) => [row.id, row.number]),
  );
  const invoices: InvoiceWithLines[] = rows.map((invoice) => ({
    invoice,
    lines: lines.filter((line) => line.invoiceId === invoice.id),
    corrects: invoice.correctsInvoiceId
      ? (corrected.get(invoice.correctsInvoiceId) ?? undefined)
      : undefined,
  }));
  await storeMissingInvoiceDocuments(deps.storage, invoices);
  return invoices;
}

async function presentInvoices(
  deps: Deps,
  teamId: string,
  rows: InvoiceRow[],
): Promise<TInvoice[]> {
  const invoices = await withStoredDocuments(deps, teamId, rows);
  return invoices.map((invoice) => toInvoice(deps, invoice));
}

/** The PDF of the team's invoice in its current status, drawn in the CPU pool when missing. */
export async function invoicePdf(
  deps: Deps,
  options: { teamId: string; invoiceId: string },
): Promise<{ invoice: InvoiceRow; pdf: Buffer } | undefined> {
  const invoice = await findInvoice(deps.db, options.teamId, options.invoiceId);
  if (!invoice) return undefined;
  await withStoredDocuments(deps, options.teamId, [invoice]);
  const stored = await deps.storage.get(invoiceDocumentKeys(invoice).pdfKey);
  return stored && { invoice, pdf: stored.body };
}

/** The team's invoices and credit notes, newest first, with links to their documents. */
export async function listInvoices(deps: Deps, options: { teamId: string }): Promise<TInvoice[]> {
  return presentInvoices(deps, options.teamId, await findTeamInvoices(deps.db, options.teamId));
}
