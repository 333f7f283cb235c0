import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Storage } from '../../platform/storage.js';
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
function invoiceContent(invoice: InvoiceRow, lines: InvoiceLineRow[]) {
  const customer = [
    invoice.companyName,
    invoice.nif && `NIF ${invoice.nif}`,
    invoice.billingAddress,
    [invoice.zip, invoice.region, invoice.country].filter(Boolean).join(' '),
  ].filter(Boolean);
  const heading = [
    ['Invoice', invoice.number ?? 'Draft'],
    ['Status', invoice.status],
    ['Date', day(invoice.createdAt)],
    ['Period', `${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`],
  ];
  const totals = [
    ['Subtotal', money(invoice.subtotalCents)],
    ...(invoice.discountCents > 0 ? [['Discount', money(-invoice.discountCents)]] : []),
    [`VAT ${String(invoice.taxRateBasisPoints / 100)} %`, money(invoice.taxCents)],
    ['Total', money(invoice.totalCents)],
  ];
  const items = lines
    .filter((line) => line.type !== 'discount')
    .map((line) => [line.description, money(line.amountCents)]);
  return { customer, heading, totals, items };
}

/** The standard PDF fonts speak WinAnsi only: other characters (Greek, CJK…) print as "?". */
function toWinAnsi(text: string): string {
  return text.replace(/[^\x20-\x7E\u00A0-\u00FF€–—‘’“”•…]/gu, '?');
}

export async function renderInvoicePdf(
  invoice: InvoiceRow,
  lines: InvoiceLineRow[],
): Promise<Buffer> {
  const content = invoiceContent(invoice, lines);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${SELLER} invoice ${invoice.number ?? ''}`.trim());
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const write = (text: string, options: { x?: number; size?: number; isBold?: boolean } = {}) => {
    page.drawText(toWinAnsi(text), {
      x: options.x ?? 50,
      y,
      size: options.size ?? 11,
      font: options.isBold ? bold : regular,
      color: rgb(0.1, 0.1, 0.15),
    });
  };
  write(SELLER, { size: 20, isBold: true });
  y -= 40;
  for (const [label, value] of content.heading) {
    write(label ?? '', { isBold: true });
    write(value ?? '', { x: 150 });
    y -= 16;
  }
  y -= 14;
  write('Billed to', { isBold: true });
  y -= 16;
  for (const line of content.customer) {
    write(line);
    y -= 16;
  }
  y -= 20;
  for (const [description, amount] of content.items) {
    write(description ?? '');
    write(amount ?? '', { x: 430 });
    y -= 16;
  }
  y -= 10;
  for (const [label, value] of content.totals) {
    const isTotal = label === 'Total';
    write(label ?? '', { x: 300, isBold: isTotal });
    write(value ?? '', { x: 430, isBold: isTotal });
    y -= 16;
  }
  return Buffer.from(await pdf.save());
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The invoice as a page of its own, readable and printable in any browser. */
export function renderInvoiceHtml(invoice: InvoiceRow, lines: InvoiceLineRow[]): string {
  const content = invoiceContent(invoice, lines);
  const rows = (pairs: string[][]) =>
    pairs
      .map(
        ([label, value]) =>
          `<tr><th>${escapeHtml(label ?? '')}</th><td>${escapeHtml(value ?? '')}</td></tr>`,
      )
      .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(
    `${SELLER} invoice ${invoice.number ?? ''}`,
  )}</title><style>body{font-family:sans-serif;max-width:640px;margin:40px auto;color:#1a1a26}th{text-align:left;padding-right:24px}td{text-align:right}table{margin:16px 0}</style></head><body><h1>${SELLER}</h1><table>${rows(
    content.heading,
  )}</table><h2>Billed to</h2><p>${content.customer.map(escapeHtml).join('<br>')}</p><table>${rows(
    content.items,
  )}</table><table>${rows(content.totals)}</table></body></html>`;
}

/**
 * Stores the invoice's PDF and page for its current status (a paid invoice reads "paid") and
 * answers their keys; documents already stored are reused.
 */
export async function storeInvoiceDocuments(
  storage: Storage,
  invoice: InvoiceRow,
  lines: InvoiceLineRow[],
): Promise<{ pdfKey: string; htmlKey: string }> {
  const base = `invoices/${invoice.teamId}/${invoice.id}-${invoice.status}`;
  const pdfKey = `${base}.pdf`;
  const htmlKey = `${base}.html`;
  if (!(await storage.has(pdfKey))) {
    await storage.put(pdfKey, await renderInvoicePdf(invoice, lines), 'application/pdf');
    await storage.put(
      htmlKey,
      Buffer.from(renderInvoiceHtml(invoice, lines)),
      'text/html; charset=utf-8',
    );
  }
  return { pdfKey, htmlKey };
}
