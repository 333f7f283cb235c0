import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/index.js';
import { openSecondWorker, type SecondWorker } from '../../test/second-worker.js';
import { buildTestApp, signUpConfirmed, type TestApp } from '../../test/test-app.js';
import { subscribeLegalBasic } from './billing-fixtures.js';
import { creditReturnedCharge } from './invoices.js';

let test: TestApp;
let second: SecondWorker;
beforeAll(async () => {
  test = await buildTestApp();
  second = await openSecondWorker(test);
});
afterAll(async () => {
  await second.close();
  await test.close();
});

async function paidInvoice() {
  const buyer = await signUpConfirmed(test);
  await subscribeLegalBasic(test, buyer.token);
  const [invoice] = await test.app.deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.teamId, buyer.teamId), eq(invoices.series, 'F')));
  if (!invoice?.paymentIntentId) throw new Error('no paid invoice');
  return { invoice, paymentIntentId: invoice.paymentIntentId };
}

async function creditNotesOf(invoiceId: string) {
  return test.app.deps.db.select().from(invoices).where(eq(invoices.correctsInvoiceId, invoiceId));
}

describe('credit notes told by two workers at once on one PostgreSQL database', () => {
  it('credit one refund once, and refunds together never beyond the invoice', async () => {
    const { invoice, paymentIntentId } = await paidInvoice();
    const refund = (id: string, amountCents: number) => ({
      paymentIntentId,
      reason: 'refund' as const,
      returned: { reference: id, amountCents },
    });
    const part = Math.floor(invoice.totalCents / 2);

    await Promise.all([
      creditReturnedCharge(test.app.deps, refund('re_same', part)),
      creditReturnedCharge(second.app.deps, refund('re_same', part)),
    ]);
    expect((await creditNotesOf(invoice.id)).map((note) => note.totalCents)).toEqual([-part]);

    await Promise.all([
      creditReturnedCharge(test.app.deps, refund('re_a', part)),
      creditReturnedCharge(second.app.deps, refund('re_b', part)),
      creditReturnedCharge(test.app.deps, { paymentIntentId, reason: 'refund' }),
    ]);
    const notes = await creditNotesOf(invoice.id);
    expect(notes.reduce((total, note) => total + note.totalCents, 0)).toBe(-invoice.totalCents);
    expect(notes.reduce((total, note) => total + note.taxCents, 0)).toBe(-invoice.taxCents);
  });
});
