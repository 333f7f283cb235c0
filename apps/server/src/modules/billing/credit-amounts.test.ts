import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditNoteAmounts, type InvoiceAmounts } from './credit-amounts.js';

/** 49.00 + 10.00 - 5.90 discount = 53.10 base, 21 % tax 11.15, total 64.25. */
const INVOICE: InvoiceAmounts = {
  subtotalCents: 5900,
  discountCents: 590,
  taxCents: 1115,
  totalCents: 6425,
};
const LINES = [4900, 1000, -590];
const NOTHING = { subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0 };

function add(credited: InvoiceAmounts, note: InvoiceAmounts): InvoiceAmounts {
  return {
    subtotalCents: credited.subtotalCents + note.subtotalCents,
    discountCents: credited.discountCents + note.discountCents,
    taxCents: credited.taxCents + note.taxCents,
    totalCents: credited.totalCents + note.totalCents,
  };
}

describe('creditNoteAmounts', () => {
  it('takes the whole invoice back, line by line, for a first note in full', () => {
    expect(creditNoteAmounts({ invoice: INVOICE, lineCents: LINES, credited: NOTHING })).toEqual({
      ...INVOICE,
      lineCents: LINES,
    });
  });

  it('splits a partial amount into tax base and tax in the invoice proportion', () => {
    const note = creditNoteAmounts({
      invoice: INVOICE,
      lineCents: LINES,
      credited: NOTHING,
      requestedCents: 1000,
    });
    // 1000 of 6425: tax 1115 x 1000 / 6425 = 173.5 -> 174, base 826.
    expect(note).toMatchObject({ totalCents: 1000, taxCents: 174, discountCents: 92 });
    expect(note && note.subtotalCents - note.discountCents + note.taxCents).toBe(1000);
    expect(note?.lineCents.reduce((sum, cents) => sum + cents, 0)).toBe(826);
  });

  it('never takes back more than the earlier notes left, and nothing once all is taken', () => {
    const credited = { subtotalCents: 5000, discountCents: 500, taxCents: 945, totalCents: 5445 };
    const rest = creditNoteAmounts({
      invoice: INVOICE,
      lineCents: LINES,
      credited,
      requestedCents: 5000,
    });
    expect(rest).toMatchObject({ totalCents: 980, taxCents: 170, discountCents: 90 });
    expect(
      creditNoteAmounts({
        invoice: INVOICE,
        lineCents: LINES,
        credited: INVOICE,
        requestedCents: 1,
      }),
    ).toBeUndefined();
    expect(
      creditNoteAmounts({ invoice: INVOICE, lineCents: LINES, credited: INVOICE }),
    ).toBeUndefined();
  });

  it('adds up, over any refunds and a final one in full, to exactly the invoice and never beyond', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 7000 }), { maxLength: 8 }), (refunds) => {
        let credited = NOTHING;
        for (const requestedCents of [...refunds, undefined]) {
          const note = creditNoteAmounts({
            invoice: INVOICE,
            lineCents: LINES,
            credited,
            ...(requestedCents === undefined ? {} : { requestedCents }),
          });
          if (!note) continue;
          expect(note.totalCents).toBe(note.subtotalCents - note.discountCents + note.taxCents);
          expect(note.lineCents.reduce((sum, cents) => sum + cents, 0)).toBe(
            note.subtotalCents - note.discountCents,
          );
          credited = add(credited, note);
          expect(credited.totalCents).toBeLessThanOrEqual(INVOICE.totalCents);
          expect(credited.taxCents).toBeLessThanOrEqual(INVOICE.taxCents);
          expect(credited.discountCents).toBeLessThanOrEqual(INVOICE.discountCents);
          expect(credited.subtotalCents).toBeLessThanOrEqual(INVOICE.subtotalCents);
        }
        expect(credited).toEqual(INVOICE);
      }),
    );
  });
});
