import type { TSubscribeResponse, TSubscription } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingCustomers,
  invoices,
  jobs,
  sandboxPaymentIntents,
  subscriptions,
  teams,
} from '../../db/schema/index.js';
import { PAYMENT_INTENT_UPDATED_JOB } from '../../platform/payments/gateway.js';
import { transitionPaymentIntent } from '../../platform/payments/sandbox/repository.js';
import {
  startRecordedStripeServer,
  type RecordedStripeServer,
} from '../../platform/payments/stripe/recorded-stripe-server.js';
import { StripePaymentGateway } from '../../platform/payments/stripe/stripe-gateway.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import {
  CARDS,
  IBANS,
  LEGAL_BASIC_MONTH,
  addPaymentMethod,
  subscribe,
  subscribeLegalBasic,
} from './billing-fixtures.js';
import { onPaymentIntentUpdated } from './billing-jobs.js';

/** One open intent per invoice, and one payment kept: Go to Pay, challenges, late successes. */

const test = useTestApp({ SANDBOX_SEPA_DELAY_SECONDS: '30' });

type Checkout = { token: string; subscriptionId: string; invoiceId: string; intentId: string };

/** A LegalMind subscription whose first charge waits on the 3-D Secure challenge (intent A). */
async function awaitingChallenge(): Promise<Checkout> {
  const { token } = await signUpConfirmed(test);
  const { subscription, paymentStatus } = await subscribeLegalBasic(
    test,
    token,
    CARDS.threeDSecure,
  );
  expect(paymentStatus).toBe('requires_action');
  const [invoice] = await test.app.deps.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, subscription.id));
  if (!invoice?.paymentIntentId) throw new Error('the first charge was not recorded');
  // Later charges are a second newer, so they come after this one.
  test.clock.advance(1000);
  return {
    token,
    subscriptionId: subscription.id,
    invoiceId: invoice.id,
    intentId: invoice.paymentIntentId,
  };
}

function goToPay(checkout: Checkout, paymentId: string) {
  return test.app.inject({
    method: 'PUT',
    url: `/api/user/subscription/${checkout.subscriptionId}`,
    headers: bearer(checkout.token),
    payload: { paymentId },
  });
}

function passChallenge(checkout: Checkout, intentId = checkout.intentId) {
  return test.app.inject({
    method: 'POST',
    url: `/api/sandbox/payment_intents/${intentId}/challenge`,
    headers: bearer(checkout.token),
    payload: { outcome: 'succeed' },
  });
}

/** The sandbox's intents charged for the invoice, oldest first. */
async function chargesOf(invoiceId: string) {
  return test.app.deps.db
    .select()
    .from(sandboxPaymentIntents)
    .where(sql`${sandboxPaymentIntents.metadata}->>'invoiceId' = ${invoiceId}`)
    .orderBy(sandboxPaymentIntents.createdAt, sandboxPaymentIntents.id);
}

/** The charges whose money is kept: succeeded and not refunded. */
async function keptCharges(invoiceId: string) {
  const charges = await chargesOf(invoiceId);
  return charges.filter((charge) => charge.status === 'succeeded' && charge.refundedAt === null);
}

async function invoiceRow(invoiceId: string) {
  const [row] = await test.app.deps.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return row;
}

async function subscriptionStatus(checkout: Checkout): Promise<string | undefined> {
  const [row] = await test.app.deps.db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.id, checkout.subscriptionId));
  return row?.status;
}

/** What a provider's late answer does: the intent succeeds whatever happened to it. */
async function succeedLate(intentId: string, from: 'canceled' | 'requires_action' = 'canceled') {
  const changed = await transitionPaymentIntent(test.app.deps.db, {
    paymentIntentId: intentId,
    from,
    to: 'succeeded',
    lastError: null,
    at: test.clock.now(),
  });
  expect(changed?.status).toBe('succeeded');
}

/** The billing job for the intent, as a webhook or the sandbox would enqueue it. */
async function runIntentUpdatedJob(intentId: string): Promise<void> {
  await test.app.deps.jobs.enqueue(PAYMENT_INTENT_UPDATED_JOB, { paymentIntentId: intentId });
  await test.app.deps.jobs.runDue();
}

async function failedJobs() {
  const rows = await test.app.deps.db.select().from(jobs);
  return rows.filter((row) => row.lastError !== null);
}

describe('Go to Pay while a 3-D Secure challenge is open', () => {
  it('cancels the challenged intent, so passing the challenge afterwards is refused', async () => {
    const checkout = await awaitingChallenge();
    const visa = await addPaymentMethod(test, checkout.token, { card: CARDS.visa });

    const paid = await goToPay(checkout, visa);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<TSubscribeResponse>().subscription.status).toBe('ACTIVE');
    const challenge = await passChallenge(checkout);
    await test.app.deps.jobs.runDue();

    expectAppError(challenge, 409, 'CONFLICT');
    const charges = await chargesOf(checkout.invoiceId);
    expect(charges.map((charge) => charge.status)).toEqual(['canceled', 'succeeded']);
    expect(charges.every((charge) => charge.refundedAt === null)).toBe(true);
    expect(await invoiceRow(checkout.invoiceId)).toMatchObject({
      status: 'paid',
      paymentIntentId: charges[1]?.id,
    });
    expect(await subscriptionStatus(checkout)).toBe('ACTIVE');
    expect(await failedJobs()).toEqual([]);
  });

  it('keeps the challenged payment and charges nothing when it passed first', async () => {
    const checkout = await awaitingChallenge();
    const visa = await addPaymentMethod(test, checkout.token, { card: CARDS.visa });

    expect((await passChallenge(checkout)).statusCode).toBe(200);
    const paid = await goToPay(checkout, visa);
    await test.app.deps.jobs.runDue();

    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<TSubscribeResponse>()).toMatchObject({
      paymentStatus: 'succeeded',
      subscription: { status: 'ACTIVE' },
    });
    const charges = await chargesOf(checkout.invoiceId);
    expect(charges.map((charge) => [charge.id, charge.status])).toEqual([
      [checkout.intentId, 'succeeded'],
    ]);
    expect((await invoiceRow(checkout.invoiceId))?.paymentIntentId).toBe(checkout.intentId);
  });

  it('answers one charge to a double submit', async () => {
    const checkout = await awaitingChallenge();
    const visa = await addPaymentMethod(test, checkout.token, { card: CARDS.visa });

    const responses = await Promise.all([goToPay(checkout, visa), goToPay(checkout, visa)]);
    await test.app.deps.jobs.runDue();

    // The later one is answered the same charge, or, once the first is done, nothing to pay.
    const answered = responses.filter((response) => response.statusCode === 200);
    expect(answered.length, responses.map((response) => response.body).join('\n')).toBeGreaterThan(
      0,
    );
    for (const response of responses) {
      if (response.statusCode !== 200) expectAppError(response, 422, 'BUSINESS_RULE');
    }
    for (const response of answered) {
      expect(response.json<TSubscribeResponse>().paymentStatus).toBe('succeeded');
    }
    const charges = await chargesOf(checkout.invoiceId);
    expect(charges.map((charge) => charge.status)).toEqual(['canceled', 'succeeded']);
    expect(charges.every((charge) => charge.refundedAt === null)).toBe(true);
    expect(await subscriptionStatus(checkout)).toBe('ACTIVE');
  });

  it('ends with exactly one kept charge when Go to Pay and the challenge come at once', async () => {
    for (let round = 0; round < 3; round++) {
      const checkout = await awaitingChallenge();
      const visa = await addPaymentMethod(test, checkout.token, { card: CARDS.visa });

      const [paid, challenge] = await Promise.all([
        goToPay(checkout, visa),
        passChallenge(checkout),
      ]);
      await test.app.deps.jobs.runDue();

      expect(paid.statusCode, paid.body).toBe(200);
      expect([200, 409]).toContain(challenge.statusCode);
      const kept = await keptCharges(checkout.invoiceId);
      expect(kept).toHaveLength(1);
      expect(await invoiceRow(checkout.invoiceId)).toMatchObject({
        status: 'paid',
        paymentIntentId: kept[0]?.id,
      });
      expect(await subscriptionStatus(checkout)).toBe('ACTIVE');
    }
    expect(await failedJobs()).toEqual([]);
  });
});

describe('a superseded intent that succeeds late', () => {
  it('is refunded once, however often its update comes, and the invoice stays paid once', async () => {
    const checkout = await awaitingChallenge();
    const visa = await addPaymentMethod(test, checkout.token, { card: CARDS.visa });
    expect((await goToPay(checkout, visa)).statusCode).toBe(200);
    const before = await invoiceRow(checkout.invoiceId);
    await test.app.deps.jobs.runDue();

    await succeedLate(checkout.intentId);
    const refundedAt = test.clock.now();
    await runIntentUpdatedJob(checkout.intentId);
    test.clock.advance(60_000);
    await runIntentUpdatedJob(checkout.intentId);

    const charges = await chargesOf(checkout.invoiceId);
    expect(charges.map((charge) => [charge.id, charge.status, charge.refundedAt])).toEqual([
      [checkout.intentId, 'succeeded', refundedAt],
      [before?.paymentIntentId, 'succeeded', null],
    ]);
    expect(await invoiceRow(checkout.invoiceId)).toEqual(before);
    expect(await subscriptionStatus(checkout)).toBe('ACTIVE');
    expect(await failedJobs()).toEqual([]);
  });

  it('is refunded when the invoice moved on to another charge that is still open', async () => {
    const checkout = await awaitingChallenge();
    const other = await addPaymentMethod(test, checkout.token, { card: CARDS.threeDSecure });
    const retried = await goToPay(checkout, other);
    expect(retried.json<TSubscribeResponse>().paymentStatus).toBe('requires_action');
    const { paymentIntentId: current } = (await invoiceRow(checkout.invoiceId)) ?? {};

    await succeedLate(checkout.intentId);
    await runIntentUpdatedJob(checkout.intentId);

    expect((await chargesOf(checkout.invoiceId)).map((charge) => charge.id)).toContain(current);
    expect(await keptCharges(checkout.invoiceId)).toEqual([]);
    expect(await invoiceRow(checkout.invoiceId)).toMatchObject({
      status: 'open',
      paymentIntentId: current,
    });
    expect(await subscriptionStatus(checkout)).toBe('INCOMPLETE');

    expect((await passChallenge(checkout, current ?? '')).statusCode).toBe(200);
    await test.app.deps.jobs.runDue();
    expect((await keptCharges(checkout.invoiceId)).map((charge) => charge.id)).toEqual([current]);
    expect(await subscriptionStatus(checkout)).toBe('ACTIVE');
  });
});

describe('a new charge whose update comes before the invoice records it', () => {
  it("pays the invoice, since it replaces the invoice's current intent", async () => {
    const checkout = await awaitingChallenge();
    const visa = await addPaymentMethod(test, checkout.token, { card: CARDS.visa });
    const [customer] = await test.app.deps.db.select().from(billingCustomers);
    const invoice = await invoiceRow(checkout.invoiceId);
    await test.app.deps.payments.cancelPaymentIntent(checkout.intentId);
    // What chargeInvoice asks for; its webhook is handled before chargeInvoice applies it.
    const replacement = await test.app.deps.payments.createPaymentIntent({
      customerId: customer?.gatewayCustomerId ?? '',
      paymentMethodId: visa,
      amountCents: invoice?.totalCents ?? 0,
      description: 'Invoice',
      idempotencyKey: 'replacement',
      offSession: false,
      metadata: {
        invoiceId: checkout.invoiceId,
        teamId: invoice?.teamId ?? '',
        replacesPaymentIntentId: checkout.intentId,
      },
    });

    await runIntentUpdatedJob(replacement.id);

    expect(await invoiceRow(checkout.invoiceId)).toMatchObject({
      status: 'paid',
      paymentIntentId: replacement.id,
    });
    expect((await keptCharges(checkout.invoiceId)).map((charge) => charge.id)).toEqual([
      replacement.id,
    ]);
    expect(await subscriptionStatus(checkout)).toBe('ACTIVE');
  });
});

describe('a SEPA debit on its way', () => {
  async function debiting() {
    const { token } = await signUpConfirmed(test);
    const paymentId = await addPaymentMethod(test, token, { iban: IBANS.settles });
    const payload = { priceId: LEGAL_BASIC_MONTH, planCode: 'BASIC', paymentId };
    const response = await subscribe(test, token, payload);
    expect(response.json<TSubscribeResponse>().paymentStatus).toBe('processing');
    return { token, payload, subscription: response.json<TSubscribeResponse>().subscription };
  }

  it('answers the same debit to the same checkout again', async () => {
    const { token, payload, subscription } = await debiting();

    const again = await subscribe(test, token, payload);

    expect(again.json<TSubscribeResponse>()).toMatchObject({
      paymentStatus: 'processing',
      subscription: { id: subscription.id, status: 'PROCESSING' },
    });
    expect(await test.app.deps.db.select().from(sandboxPaymentIntents)).toHaveLength(1);
  });

  it('refuses another charge of the invoice until it settles', async () => {
    const { token, payload } = await debiting();
    const visa = await addPaymentMethod(test, token, { card: CARDS.visa });

    const response = await subscribe(test, token, { ...payload, paymentId: visa });

    expectAppError(response, 409, 'CONFLICT');
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/SEPA debit/);
    const charges = await test.app.deps.db.select().from(sandboxPaymentIntents);
    expect(charges.map((charge) => charge.status)).toEqual(['processing']);
    test.clock.advance(31_000);
    await test.app.deps.jobs.runDue();
    await test.app.deps.jobs.runDue();
    const [subscription] = (
      await test.app.inject({
        method: 'GET',
        url: '/api/user/subscriptions',
        headers: bearer(token),
      })
    ).json<TSubscription[]>();
    expect(subscription?.status).toBe('ACTIVE');
  });
});

describe('a superseded intent that succeeded, with Stripe', () => {
  const INTENT = 'pi_3QpLKkK8Wx3yZ4aB0pAy0006';
  const TEAM = '0b9c1f0e-6a57-4c43-9d55-3f1c2a7e8b10';
  const INVOICE = 'c1d2e3f4-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  let server: RecordedStripeServer;

  beforeAll(async () => {
    server = await startRecordedStripeServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('is refunded with a key naming it, so a repeated webhook refunds once', async () => {
    const deps = {
      ...test.app.deps,
      payments: new StripePaymentGateway({ stripe: server.stripe, publishableKey: 'pk_test' }),
    };
    const now = test.clock.now();
    await deps.db.insert(teams).values({ id: TEAM, name: 'Acme Industries' });
    await deps.db.insert(invoices).values({
      id: INVOICE,
      teamId: TEAM,
      number: '2026-000042',
      status: 'paid',
      subtotalCents: 2397,
      taxRateBasisPoints: 2100,
      taxCents: 503,
      totalCents: 2900,
      periodStart: now,
      periodEnd: now,
      paymentIntentId: 'pi_3QpLDdK8Wx3yZ4aB0pAy0001',
      paidAt: now,
    });
    const before = await invoiceRow(INVOICE);
    server.answer(`GET /v1/payment_intents/${INTENT}`, 200, 'payment-intent-superseded-succeeded');
    server.answer('POST /v1/refunds', 200, 'refund');

    await onPaymentIntentUpdated(deps, { paymentIntentId: INTENT });
    await onPaymentIntentUpdated(deps, { paymentIntentId: INTENT });

    const refunds = server.requests.filter((request) => request.path === '/v1/refunds');
    expect(
      refunds.map((request) => [request.idempotencyKey, request.body.get('payment_intent')]),
    ).toEqual([
      [`refund-superseded-${INTENT}`, INTENT],
      [`refund-superseded-${INTENT}`, INTENT],
    ]);
    expect(server.requests.some((request) => request.path.endsWith('/cancel'))).toBe(false);
    expect(await invoiceRow(INVOICE)).toEqual(before);
  });
});
