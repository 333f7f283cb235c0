import type { TPaymentMethod, TSubscribeResponse, TSubscription } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, subscriptions } from '../../db/schema/index.js';
import { bearer, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { priceId } from '../catalogue/seed.js';
import {
  CARDS,
  IBANS,
  LEGAL_BASIC_MONTH,
  addPaymentMethod,
  adminToken,
  subscribe,
  subscribeLegalBasic,
} from './billing-fixtures.js';

// Sessions outlive the months these tests move through.
const test = useTestApp({ SANDBOX_SEPA_DELAY_SECONDS: '30', JWT_TTL_HOURS: '100000' });

function get<T>(token: string, url: string): Promise<T> {
  return test.app
    .inject({ method: 'GET', url, headers: bearer(token) })
    .then((response) => response.json<T>());
}

async function defaultMethod(token: string): Promise<string | undefined> {
  const methods = await get<TPaymentMethod[]>(token, '/api/payments/payment_methods');
  return methods.find((method) => method.isDefault)?.id;
}

async function onlySubscription(token: string): Promise<TSubscription> {
  const [subscription] = await get<TSubscription[]>(token, '/api/user/subscriptions');
  if (!subscription) throw new Error('no subscription');
  return subscription;
}

function goToPay(token: string, subscriptionId: string, paymentId: string) {
  return test.app.inject({
    method: 'PUT',
    url: `/api/user/subscription/${subscriptionId}`,
    headers: bearer(token),
    payload: { paymentId },
  });
}

/** Lets the sandbox settle the SEPA debits on their way. */
async function settleDebits(): Promise<void> {
  test.clock.advance(31_000);
  await test.app.deps.jobs.runDue();
  await test.app.deps.jobs.runDue();
}

/** Moves past the end of the current period and runs what is due. */
async function reachPeriodEnd(subscription: TSubscription): Promise<void> {
  test.clock.set(new Date(new Date(subscription.endDate).getTime() + 1000));
  await test.app.deps.jobs.runDue();
}

/** A new card, made the team's default by the owner. */
async function addDefaultCard(token: string): Promise<string> {
  const card = await addPaymentMethod(test, token, { card: CARDS.visa });
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/payments/default_payment',
    headers: bearer(token),
    payload: { paymentId: card },
  });
  expect(response.statusCode, response.body).toBe(200);
  return card;
}

/** The payment method the subscription's latest invoice was charged to. */
async function methodCharged(subscriptionId: string): Promise<string | null | undefined> {
  const rows = await test.app.deps.db
    .select()
    .from(invoices)
    .where(eq(invoices.subscriptionId, subscriptionId));
  const latest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const intent = await test.app.deps.payments.getPaymentIntent(latest?.paymentIntentId ?? '');
  return intent?.paymentMethodId;
}

describe('the default payment method', () => {
  it("becomes the team's first method when it pays an administrator's PENDING subscription by SEPA", async () => {
    const admin = await adminToken(test);
    const customer = await signUpConfirmed(test);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/admin/subscription',
      headers: bearer(admin),
      payload: { userId: customer.userId, priceId: LEGAL_BASIC_MONTH, status: 'PENDING' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pending = created.json<TSubscription>();
    const sepa = await addPaymentMethod(test, customer.token, { iban: IBANS.settles });

    const paying = await goToPay(customer.token, pending.id, sepa);
    expect(paying.json<TSubscribeResponse>().paymentStatus).toBe('processing');
    await settleDebits();

    expect(await defaultMethod(customer.token)).toBe(sepa);
    expect(await onlySubscription(customer.token)).toMatchObject({
      status: 'ACTIVE',
      paymentMethodId: sepa,
    });
  });

  it('is never a declined card, which is not shown on the subscription SEPA then paid', async () => {
    const { token } = await signUpConfirmed(test);
    const declined = await subscribeLegalBasic(test, token, CARDS.cardDeclined);
    expect(declined.subscription.status).toBe('INCOMPLETE');
    expect(await defaultMethod(token)).toBeUndefined();

    const sepa = await addPaymentMethod(test, token, { iban: IBANS.settles });
    await goToPay(token, declined.subscription.id, sepa);
    await settleDebits();

    expect(await defaultMethod(token)).toBe(sepa);
    expect(await onlySubscription(token)).toMatchObject({
      status: 'ACTIVE',
      paymentMethodId: sepa,
    });
  });

  it('is the first method that pays, and a later one does not replace it', async () => {
    const { token } = await signUpConfirmed(test);
    const first = await subscribeLegalBasic(test, token);
    expect(await defaultMethod(token)).toBe(first.paymentId);
    const second = await addPaymentMethod(test, token, { card: CARDS.visa });
    const nucleus = await subscribe(
      test,
      token,
      { priceId: priceId('Nucleus', 'STARTER', 'MONTH'), planCode: 'STARTER', paymentId: second },
      'Nucleus',
    );
    expect(nucleus.json<TSubscribeResponse>().subscription.paymentMethodId).toBe(second);
    expect(await defaultMethod(token)).toBe(first.paymentId);
  });
});

describe('the method a renewal is charged to', () => {
  it("is the one that paid the subscription, not the team's default", async () => {
    const { token } = await signUpConfirmed(test);
    const paid = await subscribeLegalBasic(test, token);
    const other = await addDefaultCard(token);
    await reachPeriodEnd(paid.subscription);

    expect(await methodCharged(paid.subscription.id)).not.toBe(other);
    expect(await methodCharged(paid.subscription.id)).toBe(paid.paymentId);
    expect((await onlySubscription(token)).status).toBe('ACTIVE');
  });

  it("falls back to the team's default when the subscription remembers none", async () => {
    const { token } = await signUpConfirmed(test);
    const paid = await subscribeLegalBasic(test, token);
    const other = await addDefaultCard(token);
    // A subscription paid before methods were remembered.
    await test.app.deps.db
      .update(subscriptions)
      .set({ paymentMethodId: null })
      .where(eq(subscriptions.id, paid.subscription.id));
    await reachPeriodEnd(paid.subscription);

    expect(await methodCharged(paid.subscription.id)).toBe(other);
    expect(await onlySubscription(token)).toMatchObject({
      status: 'ACTIVE',
      paymentMethodId: other,
    });
  });
});
