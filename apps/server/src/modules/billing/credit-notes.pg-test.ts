import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';
import { buildTestApp, signUpConfirmed, type TestApp } from '../../test/test-app.js';
import { subscribeLegalBasic } from './billing-fixtures.js';
import { creditReturnedCharge } from './invoices.js';

let test: TestApp;
let second: { handle: DatabaseHandle; app: Awaited<ReturnType<typeof buildApp>> };
beforeAll(async () => {
  test = await buildTestApp();
  // A second worker: its own pool on the same database, as another process would have.
  const result = (await test.app.deps.db.execute(sql`select current_database() as name`)) as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${result.rows[0]!.name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  const app = await buildApp({ config: test.config, db: handle.db, clock: test.clock });
  await app.ready();
  second = { handle, app };
});
afterAll(async () => {
  await second.app.close();
  await second.handle.close();
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
