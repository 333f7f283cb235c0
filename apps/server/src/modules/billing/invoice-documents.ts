import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import type { Storage } from '../../platform/storage.js';
import type { InvoiceContent } from './invoice-pdf.js';
import type { InvoiceLineRow, InvoiceRow } from './repository.js';

const SELLER = 'Neuron Platform';

const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

function money(cents: number): string {
  return euros.format(cents / 100);
}

function day(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${String(date.getUTCFullYear())}`;
}

/** What both documents show, as label/value pairs and the priced lines. */
function invoiceContent(invoice: InvoiceRow, lines: InvoiceLineRow[]): InvoiceContent {
  const customer = [
    invoice.companyName,
    invoice.nif && `NIF ${invoice.nif}`,
    invoice.billingAddress,
    [invoice.zip, invoice.region, invoice.country].filter(Boolean).join(' '),
  ].filter(Boolean);
  const heading: InvoiceContent['heading'] = [
    ['Invoice', invoice.number ?? 'Draft'],
    ['Status', invoice.status],
    ['Date', day(invoice.createdAt)],
    ['Period', `${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`],
  ];
  const discount: InvoiceContent['totals'] =
    invoice.discountCents > 0 ? [['Discount', money(-invoice.discountCents)]] : [];
  const totals: InvoiceContent['totals'] = [
    ['Subtotal', money(invoice.subtotalCents)],
    ...discount,
    [`VAT ${String(invoice.taxRateBasisPoints / 100)} %`, money(invoice.taxCents)],
    ['Total', money(invoice.totalCents)],
  ];
  const items = lines
    .filter((line) => line.type !== 'discount')
    .map((line): [string, string] => [line.description, money(line.amountCents)]);
  const title = `${SELLER} invoice ${invoice.number ?? ''}`;
  return { seller: SELLER, title, customer, heading, totals, items };
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
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(
    content.title,
  )}</title><style>body{font-family:sans-serif;max-width:640px;margin:40px auto;color:#1a1a26}th{text-align:left;padding-right:24px}td{text-align:right}table{margin:16px 0}</style></head><body><h1>${content.seller}</h1><table>${rows(
    content.heading,
  )}</table><h2>Billed to</h2><p>${content.customer.map(escapeHtml).join('<br>')}</p><table>${rows(
    content.items,
  )}</table><table>${rows(content.totals)}</table></body></html>`;
}

/** Where the invoice's PDF and page for its current status are stored (a paid one reads "paid"). */
export function invoiceDocumentKeys(invoice: InvoiceRow): { pdfKey: string; htmlKey: string } {
  const base = `invoices/${invoice.teamId}/${invoice.id}-${invoice.status}`;
  return { pdfKey: `${base}.pdf`, htmlKey: `${base}.html` };
}

export type InvoiceWithLines = { invoice: InvoiceRow; lines: InvoiceLineRow[] };

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
  for (const [index, { invoice, lines }] of invoices.entries()) {
    if (stored[index]) continue;
    const { pdfKey, htmlKey } = invoiceDocumentKeys(invoice);
    const content = invoiceContent(invoice, lines);
    const pdf = await cpuPool.run('renderInvoicePdf', content);
    await storage.put(
      pdfKey,
      Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
      'application/pdf',
    );
    await storage.put(htmlKey, Buffer.from(renderInvoiceHtml(content)), 'text/html; charset=utf-8');
  }
}
