import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { jobs, stripeEvents } from '../../../db/schema/index.js';
import { expectAppError, useTestApp } from '../../../test/test-app.js';
import {
  PAYMENT_DISPUTE_LOST_JOB,
  PAYMENT_INTENT_UPDATED_JOB,
  PAYMENT_REFUNDED_JOB,
} from '../gateway.js';
import { readFixture } from './recorded-stripe-server.js';

const WEBHOOK_SECRET = 'whsec_test_5f1e2d3c4b5a69788796a5b4c3d2e1f0';

const test = useTestApp({
  STRIPE_SECRET_KEY: 'sk_test_51QpKZZ',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51QpKZZ',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
});

function deliver(fixture: string, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(readFixture(fixture), null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(test.clock.now().getTime() / 1000),
  });
  return test.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function jobPayloads(name: string): Promise<unknown[]> {
  const rows = await test.app.deps.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.name, name));
  return rows.map((row) => row.payload);
}

function intentUpdatedJobs(): Promise<unknown[]> {
  return jobPayloads(PAYMENT_INTENT_UPDATED_JOB);
}

describe('POST /api/stripe/webhook', () => {
  it('handles a signed payment_intent event by telling billing', async () => {
    const response = await deliver('event-payment-intent-succeeded');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await intentUpdatedJobs()).toEqual([{ paymentIntentId: 'pi_3QpLHhK8Wx3yZ4aB0pAy0004' }]);
    expect(await test.app.deps.db.select().from(stripeEvents)).toMatchObject([
      { id: 'evt_3QpLHhK8Wx3yZ4aB0eVt0001', type: 'payment_intent.succeeded' },
    ]);
  });

  it('handles a redelivered event once', async () => {
    const first = await deliver('event-payment-intent-succeeded');
    const again = await deliver('event-payment-intent-succeeded');

    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(await intentUpdatedJobs()).toHaveLength(1);
    expect(await test.app.deps.db.select().from(stripeEvents)).toHaveLength(1);
  });

  it('tells billing of a charge refunded in full, once however often it is delivered', async () => {
    const first = await deliver('event-charge-refunded');
    const again = await deliver('event-charge-refunded');

    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    const refunds = await test.app.deps.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.name, PAYMENT_REFUNDED_JOB));
    expect(refunds.map((row) => row.payload)).toEqual([
      { paymentIntentId: 'pi_3QpLHhK8Wx3yZ4aB0pAy0004' },
    ]);
  });

  it("leaves a charge refunded in part to the refund's own event, which tells billing its amount once", async () => {
    const responses = [
      await deliver('event-charge-refunded-partially'),
      await deliver('event-refund-created-partially'),
      await deliver('event-refund-created-partially'),
    ];

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await jobPayloads(PAYMENT_REFUNDED_JOB)).toEqual([
      {
        paymentIntentId: 'pi_3QpLHhK8Wx3yZ4aB0pAy0004',
        refund: { id: 're_3QpLHhK8Wx3yZ4aB0rEf0007', amountCents: 1000 },
      },
    ]);
  });

  it('tells billing nothing of a refund still pending', async () => {
    const response = await deliver('event-refund-created-pending');

    expect(response.statusCode).toBe(200);
    expect(await jobPayloads(PAYMENT_REFUNDED_JOB)).toEqual([]);
  });

  it('tells billing of a dispute the merchant lost, once, and of none it won', async () => {
    const responses = [
      await deliver('event-charge-dispute-closed-won'),
      await deliver('event-charge-dispute-closed-lost'),
      await deliver('event-charge-dispute-closed-lost'),
    ];

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await jobPayloads(PAYMENT_DISPUTE_LOST_JOB)).toEqual([
      {
        paymentIntentId: 'pi_3QpLHhK8Wx3yZ4aB0pAy0004',
        dispute: { id: 'du_3QpLHhK8Wx3yZ4aB0dSp0009', amountCents: 3509 },
      },
    ]);
  });

  it('records other events without work for billing', async () => {
    const response = await deliver('event-customer-updated');

    expect(response.statusCode).toBe(200);
    expect(await intentUpdatedJobs()).toEqual([]);
  });

  it('refuses a payload signed with another secret, or not signed', async () => {
    const forged = await deliver('event-payment-intent-succeeded', {
      secret: 'whsec_someone_else',
    });
    const unsigned = await test.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: readFixture('event-payment-intent-succeeded') as object,
    });

    expectAppError(forged, 400, 'VALIDATION');
    expectAppError(unsigned, 400, 'VALIDATION');
    expect(await test.app.deps.db.select().from(stripeEvents)).toEqual([]);
    expect(await intentUpdatedJobs()).toEqual([]);
  });

  it('refuses a replayed signature older than five minutes', async () => {
    const tenMinutesAgo = Math.floor(test.clock.now().getTime() / 1000) - 600;

    const response = await deliver('event-payment-intent-succeeded', { timestamp: tenMinutesAgo });

    expectAppError(response, 400, 'VALIDATION');
  });

  it('refuses a signed payload that was changed on the way', async () => {
    const payload = JSON.stringify(readFixture('event-payment-intent-succeeded'));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

    const changed = payload.replace('"amount":2900', '"amount":1');

    const response = await test.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: changed,
    });

    expect(changed).not.toBe(payload);
    expectAppError(response, 400, 'VALIDATION');
  });
});

describe('payments with Stripe configured', () => {
  it('uses the Stripe gateway and has no sandbox routes', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/sandbox/payment_intents/pi_1/challenge',
      payload: { outcome: 'succeed' },
    });

    expect(test.app.deps.payments.kind).toBe('stripe');
    expect(test.app.deps.payments.publicConfig).toEqual({
      kind: 'stripe',
      publishableKey: 'pk_test_51QpKZZ',
    });
    expect(response.statusCode).toBe(404);
  });

  it('keeps parsing JSON bodies elsewhere', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@acme-industries.com', password: 'Wrong#Pass1' },
    });

    expectAppError(response, 401, 'INVALID_CREDENTIALS');
  });
});
