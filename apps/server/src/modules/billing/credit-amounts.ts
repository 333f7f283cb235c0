/** An invoice's amounts, or what its credit notes took back so far (as positive numbers). */
export type InvoiceAmounts = {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
};

export type CreditNoteAmounts = InvoiceAmounts & { lineCents: number[] };

/** `part` of `whole` shared over amounts in proportion, each cumulative sum rounded: they add up exactly. */
function shareOver(amounts: number[], part: number, whole: number): number[] {
  if (part === whole) return amounts;
  let cumulative = 0;
  let given = 0;
  return amounts.map((amount) => {
    cumulative += amount;
    const upToHere = Math.round((cumulative * part) / whole);
    const share = upToHere - given;
    given = upToHere;
    return share;
  });
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/**
 * What a credit note of `requestedCents` (tax included; the whole rest when undefined) takes
 * back from an invoice that earlier credit notes took `credited` from: never more than is left,
 * tax and discount in the invoice's proportion, rounded on the running total so that the notes
 * of one invoice add up to it exactly once it is all taken back. Lines are the invoice's own,
 * scaled to the note's tax base. Undefined when nothing is left to take back.
 */
export function creditNoteAmounts(options: {
  invoice: InvoiceAmounts;
  lineCents: number[];
  credited: InvoiceAmounts;
  requestedCents?: number;
}): CreditNoteAmounts | undefined {
  const { invoice, credited } = options;
  const left = invoice.totalCents - credited.totalCents;
  const isFirstInFull = options.requestedCents === undefined && credited.totalCents === 0;
  if (isFirstInFull) return { ...invoice, lineCents: options.lineCents };
  const totalCents = Math.min(options.requestedCents ?? left, left);
  if (totalCents <= 0) return undefined;
  const creditedAfter = credited.totalCents + totalCents;
  const proportional = (whole: number, before: number) =>
    clamp(
      creditedAfter === invoice.totalCents
        ? whole - before
        : Math.round((whole * creditedAfter) / invoice.totalCents) - before,
      0,
      whole - before,
    );
  const taxCents = Math.min(proportional(invoice.taxCents, credited.taxCents), totalCents);
  const discountCents = proportional(invoice.discountCents, credited.discountCents);
  const baseCents = totalCents - taxCents;
  const invoiceBase = invoice.subtotalCents - invoice.discountCents;
  return {
    subtotalCents: baseCents + discountCents,
    discountCents,
    taxCents,
    totalCents,
    lineCents: shareOver(options.lineCents, baseCents, invoiceBase),
  };
}
