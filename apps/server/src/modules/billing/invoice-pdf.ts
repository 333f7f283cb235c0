import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/**
 * What an invoice's documents show, already worded and formatted: plain data, so the PDF can be
 * drawn in a worker thread of the CPU pool.
 */
export type InvoiceContent = {
  /** The seller's legal name, shown largest. */
  seller: string;
  /** The seller's NIF and address. */
  sellerLines: string[];
  /** The document's title: the seller and the invoice number, if it has one. */
  title: string;
  heading: [label: string, value: string][];
  /** The heading of the buyer's block ("Billed to"). */
  customerLabel: string;
  customer: string[];
  items: [description: string, amount: string][];
  /** The last row is the total, printed bold. */
  totals: [label: string, value: string][];
  /** The tax wording (reverse charge, export) and the invoice a credit note corrects. */
  notes: string[];
  /** The buyer's language, which every word above is in. */
  language?: 'en-US' | 'es';
};

/** The standard PDF fonts speak WinAnsi only: other characters (Greek, CJK…) print as "?". */
function toWinAnsi(text: string): string {
  return text.replace(/[^\x20-\x7E\u00A0-\u00FF€–—‘’“”•…]/gu, '?');
}

/** The invoice as a one-page A4 PDF: pdf-lib's work, the CPU pool's `renderInvoicePdf` task. */
export async function renderInvoicePdf(content: InvoiceContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(content.title.trim());
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
  write(content.seller, { size: 20, isBold: true });
  y -= 20;
  for (const line of content.sellerLines) {
    write(line, { size: 10 });
    y -= 14;
  }
  y -= 16;
  for (const [label, value] of content.heading) {
    write(label, { isBold: true });
    write(value, { x: 150 });
    y -= 16;
  }
  y -= 14;
  write(content.customerLabel, { isBold: true });
  y -= 16;
  for (const line of content.customer) {
    write(line);
    y -= 16;
  }
  y -= 20;
  for (const [description, amount] of content.items) {
    write(description);
    write(amount, { x: 430 });
    y -= 16;
  }
  y -= 10;
  for (const [index, [label, value]] of content.totals.entries()) {
    const isTotal = index === content.totals.length - 1;
    write(label, { x: 300, isBold: isTotal });
    write(value, { x: 430, isBold: isTotal });
    y -= 16;
  }
  y -= 14;
  for (const note of content.notes) {
    write(note, { size: 9 });
    y -= 13;
  }
  return pdf.save();
}
