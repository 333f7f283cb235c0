import type { TInvoice } from '@app/contracts';
import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/index.js';
import {
  PAYMENT_DISPUTE_LOST_JOB,
  PAYMENT_REFUNDED_JOB,
  type PaymentDisputeLostPayload,
  type PaymentRefundedPayload,
} from '../../platform/payments/gateway.js';
import { handleStripeEvent } from '../../platform/payments/stripe/events.js';
import { readFixture } from '../../platform/payments/stripe/recorded-stripe-server.js';
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

async function creditNotesOf(token: string): Promise<TInvoice[]> {
  return (await invoicesOf(token)).filter((row) => row.kind === 'credit_note');
}

async function tellRefund(paymentIntentId: string, refund?: PaymentRefundedPayload['refund']) {
  const payload: PaymentRefundedPayload = { paymentIntentId, ...(refund ? { refund } : {}) };
  await test.app.deps.jobs.enqueue(PAYMENT_REFUNDED_JOB, payload);
  await test.app.deps.jobs.runDue();
}

function sum(notes: TInvoice[], field: 'total' | 'tax' | 'subtotal'): number {
  return notes.reduce((total, note) => total + note[field], 0);
}

describe('a charge returned in part by the payment provider', () => {
  it('credits each partial refund with a note of its amount, tax in the invoice proportion', async () => {
    const { buyer, invoice, paymentIntentId } = await paidInvoice();
    const first = Math.floor(invoice.total / 3);
    const second = Math.floor(invoice.total / 4);

    await tellRefund(paymentIntentId, { id: 're_first', amountCents: first });
    await tellRefund(paymentIntentId, { id: 're_second', amountCents: second });

    const notes = await creditNotesOf(buyer.token);
    expect(notes.map((note) => note.total).sort((a, b) => a - b)).toEqual([-first, -second]);
    for (const note of notes) {
      expect(note).toMatchObject({ corrects: invoice.number, status: 'paid' });
      expect(note.number).toMatch(/^R-\d{4}-\d{6}$/);
      expect(Math.abs(note.tax - (note.total * invoice.tax) / invoice.total)).toBeLessThanOrEqual(
        1,
      );
      expect(note.lines.data.reduce((total, line) => total + line.amount, 0)).toBe(
        note.total - note.tax,
      );
    }
    expect(sum(notes, 'total')).toBe(-(first + second));
  });

  it('credits one refund once, however often or by whichever event it is told', async () => {
    const { buyer, paymentIntentId } = await paidInvoice();
    const refund = { id: 're_once', amountCents: 500 };

    await tellRefund(paymentIntentId, refund);
    await tellRefund(paymentIntentId, refund);

    expect((await creditNotesOf(buyer.token)).map((note) => note.total)).toEqual([-500]);
  });

  it('credits a Stripe refund event delivered twice once', async () => {
    const { buyer, paymentIntentId } = await paidInvoice();
    const event = readFixture('event-refund-created-partially') as Stripe.RefundCreatedEvent;
    event.data.object.payment_intent = paymentIntentId;

    expect(await handleStripeEvent(test.app.deps, event)).toBe(true);
    expect(await handleStripeEvent(test.app.deps, event)).toBe(false);
    await test.app.deps.jobs.runDue();

    expect((await creditNotesOf(buyer.token)).map((note) => note.total)).toEqual([
      -event.data.object.amount,
    ]);
  });

  it('credits a refund in full after partial ones with what they left: the notes add up to the invoice', async () => {
    const { buyer, invoice, paymentIntentId } = await paidInvoice();
    await tellRefund(paymentIntentId, {
      id: 're_part',
      amountCents: Math.floor(invoice.total / 3),
    });
    // More than is left: a refund is never credited beyond the invoice.
    await tellRefund(paymentIntentId, { id: 're_too_much', amountCents: invoice.total });
    await tellRefund(paymentIntentId);

    const notes = await creditNotesOf(buyer.token);
    expect(notes).toHaveLength(2);
    expect(sum(notes, 'total')).toBe(-invoice.total);
    expect(sum(notes, 'tax')).toBe(-invoice.tax);
    expect(sum(notes, 'subtotal')).toBe(-invoice.subtotal);
  });

  it("refuses the administrator's credit note once the refunds took the whole invoice back", async () => {
    const { buyer, invoice, paymentIntentId } = await paidInvoice();
    await tellRefund(paymentIntentId, { id: 're_all', amountCents: invoice.total });

    const credit = await test.app.inject({
      method: 'POST',
      url: `/api/admin/user/${buyer.userId}/invoices/${invoice.id}/credit`,
      headers: bearer(await adminToken(test)),
      payload: { reason: 'canceled' },
    });

    expect(credit.statusCode).toBe(409);
    expect(credit.json()).toMatchObject({ error: { reason: 'INVOICE_ALREADY_CREDITED' } });
    expect(await creditNotesOf(buyer.token)).toHaveLength(1);
  });
});

describe('a charge the bank took back in a dispute', () => {
  async function tellDisputeLost(payload: PaymentDisputeLostPayload) {
    await test.app.deps.jobs.enqueue(PAYMENT_DISPUTE_LOST_JOB, payload);
    await test.app.deps.jobs.runDue();
  }

  it('credits a lost dispute with one note of the disputed amount', async () => {
    const { buyer, invoice, paymentIntentId } = await paidInvoice();
    const dispute = { id: 'du_lost', amountCents: invoice.total };

    await tellDisputeLost({ paymentIntentId, dispute });
    await tellDisputeLost({ paymentIntentId, dispute });

    const notes = await creditNotesOf(buyer.token);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      corrects: invoice.number,
      total: -invoice.total,
      tax: -invoice.tax,
    });
  });

  it('credits nothing for a dispute the merchant won', async () => {
    const { buyer, paymentIntentId } = await paidInvoice();
    const event = readFixture('event-charge-dispute-closed-won') as Stripe.ChargeDisputeClosedEvent;
    event.data.object.payment_intent = paymentIntentId;

    await handleStripeEvent(test.app.deps, event);
    await test.app.deps.jobs.runDue();

    expect(await creditNotesOf(buyer.token)).toEqual([]);
  });

  it('credits a dispute lost through a Stripe event once', async () => {
    const { buyer, paymentIntentId } = await paidInvoice();
    const event = readFixture(
      'event-charge-dispute-closed-lost',
    ) as Stripe.ChargeDisputeClosedEvent;
    event.data.object.payment_intent = paymentIntentId;
    event.data.object.amount = 700;

    await handleStripeEvent(test.app.deps, event);
    await handleStripeEvent(test.app.deps, { ...event, id: 'evt_redelivered_as_new' });
    await test.app.deps.jobs.runDue();

    expect((await creditNotesOf(buyer.token)).map((note) => note.total)).toEqual([-700]);
  });
});
