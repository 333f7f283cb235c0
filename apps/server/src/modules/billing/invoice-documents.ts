import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import type { Storage } from '../../platform/storage.js';
import type { InvoiceContent } from './invoice-pdf.js';
import { isEuCountry, vatNumberOf, vatPrefix, type Language } from '@app/contracts';
import { toLanguage } from '../users/service.js';
import type { CreditReason } from './invoices.js';
import type { InvoiceLineRow, InvoiceRow } from './repository.js';

type Words = {
  invoice: string;
  creditNote: string;
  number: string;
  issued: string;
  status: string;
  statuses: Record<InvoiceRow['status'], string>;
  period: (from: string, to: string) => string;
  periodLabel: string;
  corrects: string;
  billedTo: string;
  subtotal: string;
  discount: string;
  taxBase: string;
  vat: (rate: string) => string;
  total: string;
  buyerTaxId: (country: string, id: string) => string;
  reverseCharge: string;
  export: string;
  reasons: Record<CreditReason, (number: string) => string>;
};

const WORDS: Record<Language, Words> = {
  'en-US': {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    number: 'Number',
    issued: 'Issue date',
    status: 'Status',
    statuses: {
      draft: 'draft',
      open: 'open',
      paid: 'paid',
      void: 'void',
      uncollectible: 'uncollectible',
    },
    periodLabel: 'Period',
    period: (from, to) => `${from} to ${to}`,
    corrects: 'Corrects invoice',
    billedTo: 'Billed to',
    subtotal: 'Subtotal',
    discount: 'Discount',
    taxBase: 'Tax base',
    vat: (rate) => `VAT ${rate} %`,
    total: 'Total',
    buyerTaxId: (country, id) =>
      country === 'ES' ? `NIF ${id}` : isEuCountry(country) ? `VAT number ${id}` : `Tax ID ${id}`,
    reverseCharge:
      'Reverse charge: VAT to be accounted for by the customer (Article 196, Council Directive 2006/112/EC).',
    export:
      'Not subject to Spanish VAT: service supplied to a customer established outside the EU (Article 69, Spanish VAT Act 37/1992).',
    reasons: {
      refund: (number) => `Credit note of invoice ${number}: the charge was refunded.`,
      canceled: (number) => `Credit note of invoice ${number}: the charge was canceled.`,
      dispute: (number) =>
        `Credit note of invoice ${number}: the bank returned the charge to the buyer (dispute lost).`,
    },
  },
  es: {
    invoice: 'Factura',
    creditNote: 'Factura rectificativa',
    number: 'Número',
    issued: 'Fecha de expedición',
    status: 'Estado',
    statuses: {
      draft: 'borrador',
      open: 'pendiente de pago',
      paid: 'pagada',
      void: 'anulada',
      uncollectible: 'incobrable',
    },
    periodLabel: 'Periodo',
    period: (from, to) => `${from} a ${to}`,
    corrects: 'Rectifica la factura',
    billedTo: 'Cliente',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    taxBase: 'Base imponible',
    vat: (rate) => `IVA ${rate} %`,
    total: 'Total',
    buyerTaxId: (country, id) =>
      country === 'ES' ? `NIF ${id}` : isEuCountry(country) ? `NIF-IVA ${id}` : `NIF ${id}`,
    reverseCharge:
      'Inversión del sujeto pasivo (art. 84.Uno.2º Ley 37/1992 del IVA; art. 196 Directiva 2006/112/CE).',
    export:
      'Operación no sujeta al IVA español: servicio prestado a un cliente establecido fuera de la UE (art. 69 Ley 37/1992).',
    reasons: {
      refund: (number) => `Rectifica la factura ${number} por devolución del importe cobrado.`,
      canceled: (number) => `Rectifica la factura ${number} por anulación del cobro.`,
      dispute: (number) =>
        `Rectifica la factura ${number} por devolución del cobro al comprador tras una disputa.`,
    },
  },
};

/** Money reads the Spanish way (1.234,56 €) in both languages, as everywhere on the platform. */
const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

function money(cents: number): string {
  return euros.format(cents / 100);
}

/** A rate as the buyer's language writes it: 10.5 in en-US, 10,5 in es. */
function percent(rate: number, language: Language): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(rate);
}

const MADRID_DAY = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** dd-MM-yyyy in Madrid, where the seller keeps its books. */
function day(date: Date): string {
  return MADRID_DAY.format(date).replaceAll('/', '-');
}

function countryName(country: string, language: Language): string {
  if (country === '') return '';
  return new Intl.DisplayNames([language], { type: 'region' }).of(country) ?? country;
}

/** A tax ID as printed: an EU VAT number with its country prefix, a Spanish NIF without. */
function printedTaxId(country: string, nif: string): string {
  if (country === 'ES' || !isEuCountry(country)) return nif;
  const vatNumber = vatNumberOf(country, nif);
  return vatNumber === undefined ? nif : `${vatPrefix(country)}${vatNumber}`;
}

/**
 * What both documents show, in the buyer's language: the seller and buyer with their tax IDs
 * and addresses, the number and issue date, the lines, the tax base, rate and amount, and the
 * tax wording (reverse charge, export) or the invoice a credit note corrects.
 */
function invoiceContent(
  invoice: InvoiceRow,
  lines: InvoiceLineRow[],
  corrects: string | undefined,
): InvoiceContent {
  const language = toLanguage(invoice.language);
  const words = WORDS[language];
  const isCreditNote = invoice.series === 'R';
  const customer = [
    invoice.companyName,
    invoice.nif && words.buyerTaxId(invoice.country, printedTaxId(invoice.country, invoice.nif)),
    invoice.billingAddress,
    [invoice.zip, invoice.region].filter(Boolean).join(' '),
    countryName(invoice.country, language),
  ].filter(Boolean);
  const documentName = isCreditNote ? words.creditNote : words.invoice;
  const heading: InvoiceContent['heading'] = [
    [documentName, invoice.number ?? '—'],
    ...(invoice.issuedAt ? [[words.issued, day(invoice.issuedAt)] as [string, string]] : []),
    ...(isCreditNote && corrects
      ? [[words.corrects, corrects] as [string, string]]
      : [[words.status, words.statuses[invoice.status]] as [string, string]]),
    [words.periodLabel, words.period(day(invoice.periodStart), day(invoice.periodEnd))],
  ];
  const discount: InvoiceContent['totals'] =
    invoice.discountCents === 0 ? [] : [[words.discount, money(-invoice.discountCents)]];
  const totals: InvoiceContent['totals'] = [
    [words.subtotal, money(invoice.subtotalCents)],
    ...discount,
    [words.taxBase, money(invoice.subtotalCents - invoice.discountCents)],
    [words.vat(percent(invoice.taxRateBasisPoints / 100, language)), money(invoice.taxCents)],
    [words.total, money(invoice.totalCents)],
  ];
  const items = lines
    .filter((line) => line.type !== 'discount')
    .map((line): [string, string] => [line.description, money(line.amountCents)]);
  const notes = [
    ...(invoice.taxTreatment === 'reverse_charge' ? [words.reverseCharge] : []),
    ...(invoice.taxTreatment === 'export' ? [words.export] : []),
    ...(isCreditNote && corrects && invoice.creditReason
      ? [words.reasons[invoice.creditReason](corrects)]
      : []),
  ];
  const seller = invoice.sellerName || 'Neuron Platform';
  return {
    seller,
    sellerLines: [invoice.sellerNif && `NIF ${invoice.sellerNif}`, invoice.sellerAddress].filter(
      Boolean,
    ),
    title: `${seller} ${documentName} ${invoice.number ?? ''}`,
    heading,
    customerLabel: words.billedTo,
    customer,
    items,
    totals,
    notes,
    language,
  };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The invoice as a page of its own, readable and printable in any browser. */
function renderInvoiceHtml(content: InvoiceContent): string {
  const rows = (pairs: [string, string][]) =>
    pairs
      .map(
        ([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('');
  return `<!doctype html><html lang="${content.language === 'es' ? 'es' : 'en'}"><head><meta charset="utf-8"><title>${escapeHtml(
    content.title,
  )}</title><style>body{font-family:sans-serif;max-width:640px;margin:40px auto;color:#1a1a26}th{text-align:left;padding-right:24px}td{text-align:right}table{margin:16px 0}</style></head><body><h1>${escapeHtml(content.seller)}</h1><p>${content.sellerLines
    .map(escapeHtml)
    .join('<br>')}</p><table>${rows(content.heading)}</table><h2>${escapeHtml(
    content.customerLabel,
  )}</h2><p>${content.customer.map(escapeHtml).join('<br>')}</p><table>${rows(
    content.items,
  )}</table><table>${rows(content.totals)}</table>${content.notes
    .map((note) => `<p>${escapeHtml(note)}</p>`)
    .join('')}</body></html>`;
}

/** Where the invoice's PDF and page for its current status are stored (a paid one reads "paid"). */
export function invoiceDocumentKeys(invoice: InvoiceRow): { pdfKey: string; htmlKey: string } {
  const base = `invoices/${invoice.teamId}/${invoice.id}-${invoice.status}`;
  return { pdfKey: `${base}.pdf`, htmlKey: `${base}.html` };
}

/** An invoice with its lines and, for a credit note, the number of the invoice it corrects. */
export type InvoiceWithLines = {
  invoice: InvoiceRow;
  lines: InvoiceLineRow[];
  corrects?: string | undefined;
};

/**
 * Stores the PDF and page of the invoices that lack them for their current status; documents
 * already stored are reused. The PDFs are drawn in the CPU pool, off the request loop, one
 * after another: a long list waits its turn instead of filling the pool's queue.
 */
export async function storeMissingInvoiceDocuments(
  storage: Storage,
  invoices: InvoiceWithLines[],
): Promise<void> {
  const stored = await Promise.all(
    invoices.map(({ invoice }) => storage.has(invoiceDocumentKeys(invoice).pdfKey)),
  );
  for (const [index, { invoice, lines, corrects }] of invoices.entries()) {
    if (stored[index]) continue;
    const { pdfKey, htmlKey } = invoiceDocumentKeys(invoice);
    const content = invoiceContent(invoice, lines, corrects);
    const pdf = await cpuPool.run('renderInvoicePdf', content);
    await storage.put(
      pdfKey,
      Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
      'application/pdf',
    );
    await storage.put(htmlKey, Buffer.from(renderInvoiceHtml(content)), 'text/html; charset=utf-8');
  }
}
