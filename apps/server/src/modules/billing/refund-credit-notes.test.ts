import type { TInvoice } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/index.js';
import { PAYMENT_REFUNDED_JOB } from '../../platform/payments/gateway.js';
import { bearer, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { adminToken, subscribeLegalBasic } from './billing-fixtures.js';

const test = useTestApp();

async function invoicesOf(token: string): Promise<TInvoice[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/user/invoices',
    headers: bearer(token),
  });
  return response.json<TInvoice[]>();
}

/** A paid subscription invoice and the provider's intent that paid it. */
async function paidInvoice() {
  const buyer = await signUpConfirmed(test, { language: 'es' });
  await subscribeLegalBasic(test, buyer.token);
  const [invoice] = await invoicesOf(buyer.token);
  if (!invoice) throw new Error('no invoice');
  const [row] = await test.app.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
  if (!row?.paymentIntentId) throw new Error('no payment intent');
  return { buyer, invoice, paymentIntentId: row.paymentIntentId };
}

describe('a charge returned by the payment provider', () => {
  it('credits the invoice it paid with a credit note, once however often the refund is told', async () => {
    const { buyer, invoice, paymentIntentId } = await paidInvoice();

    // A refund made at the provider (Stripe's dashboard) reaches billing as a job.
    await test.app.deps.payments.refundPaymentIntent({
      id: paymentIntentId,
      idempotencyKey: 'dashboard-refund',
    });
    await test.app.deps.jobs.enqueue(PAYMENT_REFUNDED_JOB, { paymentIntentId });
    await test.app.deps.jobs.runDue();

    const notes = (await invoicesOf(buyer.token)).filter((row) => row.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      corrects: invoice.number,
      total: -invoice.total,
      status: 'paid',
    });
  });

  it('adds nothing to the credit note the administrator issued with a refund', async () => {
    const { buyer, invoice } = await paidInvoice();
    const credit = await test.app.inject({
      method: 'POST',
      url: `/api/admin/user/${buyer.userId}/invoices/${invoice.id}/credit`,
      headers: bearer(await adminToken(test)),
      payload: { reason: 'refund' },
    });
    expect(credit.statusCode, credit.body).toBe(201);

    await test.app.deps.jobs.runDue();

    const notes = (await invoicesOf(buyer.token)).filter((row) => row.kind === 'credit_note');
    expect(notes.map((note) => note.id)).toEqual([credit.json<TInvoice>().id]);
  });

  it('credits nothing for an intent that paid no invoice', async () => {
    const { buyer } = await paidInvoice();
    await test.app.deps.jobs.enqueue(PAYMENT_REFUNDED_JOB, { paymentIntentId: 'pi_unknown' });
    await test.app.deps.jobs.runDue();

    expect((await invoicesOf(buyer.token)).map((row) => row.kind)).toEqual(['invoice']);
  });
});
