import { ROLES, type TSubscribeResponse, type TSubscription } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { billingCustomers, invoices, sandboxCustomers } from '../../db/schema/index.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import {
  CARDS,
  IBANS,
  LEGAL_BASIC_MONTH,
  LEGAL_PRO_MONTH,
  addPaymentMethod,
  addPromotionCode,
  subscribe,
  subscribeLegalBasic,
  teamMember,
} from './billing-fixtures.js';

const test = useTestApp({ SANDBOX_SEPA_DELAY_SECONDS: '30' });

async function subscriptions(token: string): Promise<TSubscription[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/user/subscriptions',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TSubscription[]>();
}

function subscribed(token: string, card?: string) {
  return subscribeLegalBasic(test, token, card);
}

function post(token: string, url: string, payload?: Record<string, unknown>) {
  return test.app.inject({ method: 'POST', url, headers: bearer(token), payload });
}

describe('subscribing with a card', () => {
  it('names the neuron and plan in the language the web app asks for', async () => {
    const { token } = await signUpConfirmed(test);
    const { subscription } = await subscribed(token);
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/user/subscription/${subscription.id}`,
      headers: { ...bearer(token), 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(response.json<TSubscription>().planInfo.planName).toBe('Básico');
    expect(subscription.planInfo.planName).toBe('Basic');
  });

  it('activates at once with 4242 and issues a numbered, paid invoice with VAT', async () => {
    const { token } = await signUpConfirmed(test);
    const result = await subscribed(token);
    expect(result.paymentStatus).toBe('succeeded');
    expect(result.subscription).toMatchObject({
      status: 'ACTIVE',
      neuron: 'LegalMind',
      planCode: 'BASIC',
      interval: 'MONTH',
      cancelAtPeriodEnd: false,
    });

    const list = await test.app.inject({
      method: 'GET',
      url: '/api/user/invoices',
      headers: bearer(token),
    });
    const [invoice] =
      list.json<
        { status: string; number: string; subtotal: number; tax: number; total: number }[]
      >();
    expect(invoice).toMatchObject({ status: 'paid', subtotal: 2900, tax: 609, total: 3509 });
    expect(invoice?.number).toMatch(/^F-\d{4}-000001$/);
  });

  it('lists each subscription of the team with its own neuron, plan, price and invoice', async () => {
    const { token } = await signUpConfirmed(test);
    await post(token, '/api/microservice/free/Nucleus');
    const paymentId = await addPaymentMethod(test, token, { card: CARDS.declined });
    await subscribe(test, token, { priceId: LEGAL_BASIC_MONTH, planCode: 'BASIC', paymentId });

    const list = await subscriptions(token);
    expect(list).toHaveLength(2);
    expect(list.find((item) => item.neuron === 'Nucleus')).toMatchObject({
      status: 'ACTIVE',
      planInfo: { planName: 'Free Forever' },
      priceCents: null,
      paymentIntent: null,
    });
    expect(list.find((item) => item.neuron === 'LegalMind')).toMatchObject({
      status: 'INCOMPLETE',
      planInfo: { planName: 'Basic' },
      priceCents: 2900,
      interval: 'MONTH',
      paymentIntent: { status: 'requires_payment_method' },
    });
  });

  it('creates one subscription and one charge on a double submit', async () => {
    const { token } = await signUpConfirmed(test);
    const paymentId = await addPaymentMethod(test, token, { card: CARDS.visa });
    const payload = { priceId: LEGAL_BASIC_MONTH, planCode: 'BASIC', paymentId };
    const responses = await Promise.all([
      subscribe(test, token, payload),
      subscribe(test, token, payload),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const ids = responses.map((response) => response.json<TSubscribeResponse>().subscription.id);
    expect(new Set(ids).size).toBe(1);
    expect(await subscriptions(token)).toHaveLength(1);
    const stored = await test.app.deps.db.select().from(invoices);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe('paid');
  });

  it('leaves a declined card INCOMPLETE, then pays with another method', async () => {
    const { token } = await signUpConfirmed(test);
    const declined = await subscribed(token, CARDS.declined);
    expect(declined.paymentStatus).toBe('requires_payment_method');
    expect(declined.subscription.status).toBe('INCOMPLETE');
    expect(declined.subscription.paymentIntent?.lastError).toMatch(/insufficient funds/i);

    const visa = await addPaymentMethod(test, token, { card: CARDS.visa });
    const paid = await test.app.inject({
      method: 'PUT',
      url: `/api/user/subscription/${declined.subscription.id}`,
      headers: bearer(token),
      payload: { paymentId: visa },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<TSubscribeResponse>().subscription.status).toBe('ACTIVE');
  });

  it('waits for the 3-D Secure challenge, and activates when it is passed', async () => {
    const { token } = await signUpConfirmed(test);
    const pending = await subscribed(token, CARDS.threeDSecure);
    expect(pending.paymentStatus).toBe('requires_action');
    expect(pending.subscription.status).toBe('INCOMPLETE');
    const nextActionUrl = pending.subscription.paymentIntent?.nextActionUrl ?? '';
    const intentId = /\/sandbox\/challenge\/(\w+)/.exec(nextActionUrl)?.[1];
    expect(intentId).toBeDefined();

    const challenge = await post(token, `/api/sandbox/payment_intents/${intentId}/challenge`, {
      outcome: 'succeed',
    });
    expect(challenge.statusCode, challenge.body).toBe(200);
    await test.app.deps.jobs.runDue();
    expect((await subscriptions(token))[0]?.status).toBe('ACTIVE');
  });

  it('expires an INCOMPLETE subscription after 23 hours and frees the neuron', async () => {
    const { token } = await signUpConfirmed(test);
    await subscribed(token, CARDS.declined);
    test.clock.advance(22 * 3_600_000);
    await test.app.deps.jobs.runDue();
    expect((await subscriptions(token))[0]?.status).toBe('INCOMPLETE');
    test.clock.advance(2 * 3_600_000);
    await test.app.deps.jobs.runDue();
    expect((await subscriptions(token))[0]?.status).toBe('INCOMPLETE_EXPIRED');
    expect((await subscribed(token)).subscription.status).toBe('ACTIVE');
  });

  it('refuses a second subscription to the same neuron with the spec message when unpaid', async () => {
    const { token } = await signUpConfirmed(test);
    const { paymentId } = await subscribed(token, CARDS.declined);
    const response = await subscribe(test, token, {
      priceId: LEGAL_PRO_MONTH,
      planCode: 'PRO',
      paymentId,
    });
    expectAppError(response, 409, 'CONFLICT');
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'You have a pending payment in a different plan, please complete the payment or delete the pending subscription in your manage subscription view',
    );
  });

  it.each([
    ['a price of another plan', { priceId: LEGAL_PRO_MONTH, planCode: 'BASIC' }, 'priceId'],
    ['an unknown price', { priceId: 'price_nope', planCode: 'BASIC' }, 'priceId'],
  ])('refuses %s', async (_case, payload, field) => {
    const { token } = await signUpConfirmed(test);
    const paymentId = await addPaymentMethod(test, token, { card: CARDS.visa });
    expectAppError(
      await subscribe(test, token, { ...payload, paymentId }),
      400,
      'VALIDATION',
      field,
    );
    expect(await subscriptions(token)).toEqual([]);
  });

  it('refuses a payment method of another team', async () => {
    const owner = await signUpConfirmed(test);
    const other = await signUpConfirmed(test);
    const foreign = await addPaymentMethod(test, other.token, { card: CARDS.visa });
    const response = await subscribe(test, owner.token, {
      priceId: LEGAL_BASIC_MONTH,
      planCode: 'BASIC',
      paymentId: foreign,
    });
    expectAppError(response, 400, 'VALIDATION', 'paymentId');
  });
});

describe('a payment method the team does not have', () => {
  it('is refused before the team becomes a customer: nothing is written', async () => {
    const { token } = await signUpConfirmed(test);
    expectAppError(
      await post(token, '/api/payments/default_payment', { paymentId: 'pm_made_up' }),
      400,
      'VALIDATION',
    );
    expectAppError(
      await post(token, '/api/microservice/subscribe/LegalMind', {
        priceId: LEGAL_BASIC_MONTH,
        paymentId: 'pm_made_up',
      }),
      400,
      'VALIDATION',
    );
    expect(await test.app.deps.db.select().from(billingCustomers)).toEqual([]);
    expect(await test.app.deps.db.select().from(sandboxCustomers)).toEqual([]);
    expect(await subscriptions(token)).toEqual([]);
  });
});

describe('subscribing with SEPA debit', () => {
  it('goes PROCESSING, then ACTIVE when the debit settles through the job', async () => {
    const { token } = await signUpConfirmed(test);
    const paymentId = await addPaymentMethod(test, token, { iban: IBANS.settles });
    const response = await subscribe(test, token, {
      priceId: LEGAL_BASIC_MONTH,
      planCode: 'BASIC',
      paymentId,
    });
    expect(response.json<TSubscribeResponse>()).toMatchObject({
      paymentStatus: 'processing',
      subscription: { status: 'PROCESSING' },
    });
    test.clock.advance(31_000);
    await test.app.deps.jobs.runDue();
    await test.app.deps.jobs.runDue();
    expect((await subscriptions(token))[0]?.status).toBe('ACTIVE');
  });

  it('falls back to INCOMPLETE when the debit fails', async () => {
    const { token } = await signUpConfirmed(test);
    const paymentId = await addPaymentMethod(test, token, { iban: IBANS.fails });
    await subscribe(test, token, { priceId: LEGAL_BASIC_MONTH, planCode: 'BASIC', paymentId });
    test.clock.advance(31_000);
    await test.app.deps.jobs.runDue();
    await test.app.deps.jobs.runDue();
    const [subscription] = await subscriptions(token);
    expect(subscription?.status).toBe('INCOMPLETE');
    expect(subscription?.paymentIntent?.status).toBe('requires_payment_method');
  });
});

describe('cancel and reactivate', () => {
  it('cancels at period end and renews again', async () => {
    const { token } = await signUpConfirmed(test);
    const { subscription } = await subscribed(token);
    const canceled = await post(token, `/api/user/subscription/cancel/${subscription.id}`);
    expect(canceled.json()).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: true });
    expectAppError(
      await post(token, `/api/user/subscription/cancel/${subscription.id}`),
      422,
      'BUSINESS_RULE',
    );
    const renewed = await post(token, `/api/user/subscription/reactivate/${subscription.id}`);
    expect(renewed.json()).toMatchObject({ status: 'ACTIVE', cancelAtPeriodEnd: false });
    expectAppError(
      await post(token, `/api/user/subscription/reactivate/${subscription.id}`),
      422,
      'BUSINESS_RULE',
    );
  });

  it('ends an INCOMPLETE subscription at once and voids its invoice', async () => {
    const { token } = await signUpConfirmed(test);
    const { subscription } = await subscribed(token, CARDS.declined);
    const canceled = await post(token, `/api/user/subscription/cancel/${subscription.id}`);
    expect(canceled.json()).toMatchObject({ status: 'CANCELED' });
    const [invoice] = await test.app.deps.db.select().from(invoices);
    expect(invoice?.status).toBe('void');
  });
});

describe('the free plan', () => {
  it('is granted at once, once per neuron', async () => {
    const { token } = await signUpConfirmed(test);
    const free = await post(token, '/api/microservice/free/Nucleus');
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json()).toMatchObject({ status: 'ACTIVE', planCode: 'FREE', priceId: null });
    expectAppError(await post(token, '/api/microservice/free/Nucleus'), 409, 'CONFLICT');
    expect(await subscriptions(token)).toHaveLength(1);
  });

  it('answers the spec message and its reason to a team that has paid before', async () => {
    const { token } = await signUpConfirmed(test);
    const { subscription } = await subscribed(token);
    await post(token, `/api/user/subscription/cancel/${subscription.id}`);
    const response = await post(token, '/api/microservice/free/Nucleus');
    expectAppError(response, 422, 'BUSINESS_RULE');
    expect(response.json<{ error: { message: string; reason: string } }>().error).toMatchObject({
      message: 'You cannot use a free plan after have had a paid subscription',
      reason: 'FREE_AFTER_PAID',
    });
  });

  it('does not exist for the Financial Viewer', async () => {
    const { token } = await signUpConfirmed(test);
    expectAppError(
      await post(token, '/api/microservice/free/FinancialViewer'),
      422,
      'BUSINESS_RULE',
    );
  });
});

describe('current plan', () => {
  it('is empty without a subscription and shows the plan and subscription with one', async () => {
    const { token } = await signUpConfirmed(test);
    const get = () =>
      test.app.inject({ method: 'GET', url: '/api/currentplan/LegalMind', headers: bearer(token) });
    expect((await get()).json()).toEqual({ currentPlan: null, currentSubscription: null });
    await subscribed(token);
    expect((await get()).json()).toMatchObject({
      currentPlan: { planCode: 'BASIC', planPriceMonthly: 2900 },
      currentSubscription: { status: 'ACTIVE' },
    });
  });
});

describe('coupons', () => {
  it('validates a code against a price and applies its discount at checkout', async () => {
    const { token } = await signUpConfirmed(test);
    await addPromotionCode(test, { code: 'WELCOME20', percentOff: 20 });
    const check = await post(token, '/api/user/promotion_codes/welcome20', {
      priceId: LEGAL_BASIC_MONTH,
    });
    expect(check.json()).toMatchObject({
      code: 'WELCOME20',
      coupon: { percentOff: 20, amountOff: null },
    });

    const paymentId = await addPaymentMethod(test, token, { card: CARDS.visa });
    const response = await subscribe(test, token, {
      priceId: LEGAL_BASIC_MONTH,
      planCode: 'BASIC',
      paymentId,
      promotionCode: 'WELCOME20',
    });
    expect(response.json<TSubscribeResponse>().subscription.discount).toEqual({
      amountOff: null,
      percentOff: 20,
    });
    const [invoice] = await test.app.deps.db.select().from(invoices);
    expect(invoice).toMatchObject({
      subtotalCents: 2900,
      discountCents: 580,
      taxCents: 487,
      totalCents: 2807,
    });
  });

  it.each([
    ['an unknown code', { code: 'OTHER' }],
    ['an expired code', { code: 'OLD', percentOff: 10, expiresAt: new Date('2020-01-01') }],
    ['a used-up code', { code: 'ONCE', percentOff: 10, maxRedemptions: 1, timesRedeemed: 1 }],
    ['a code for other prices', { code: 'PROONLY', percentOff: 10, priceIds: [LEGAL_PRO_MONTH] }],
  ])('answers "Invalid code" to %s', async (_case, values) => {
    const { token } = await signUpConfirmed(test);
    if (values.code !== 'OTHER') await addPromotionCode(test, values);
    const response = await post(token, `/api/user/promotion_codes/${values.code}`, {
      priceId: LEGAL_BASIC_MONTH,
    });
    expectAppError(response, 404, 'NOT_FOUND');
    expect(response.json<{ error: { message: string } }>().error.message).toBe('Invalid code');
  });
});

describe('who may pay', () => {
  it('refuses every billing call to a Guest member', async () => {
    const owner = await signUpConfirmed(test);
    const guest = await teamMember(test, owner.token, ROLES.GUEST);
    const calls = [
      ['GET', '/api/payments/payment_methods'],
      ['POST', '/api/payments/intent/card'],
      ['GET', '/api/user/subscriptions'],
      ['GET', '/api/user/invoices'],
      ['GET', '/api/currentplan/LegalMind'],
      ['POST', '/api/microservice/free/Nucleus'],
    ] as const;
    for (const [method, url] of calls) {
      expectAppError(
        await test.app.inject({ method, url, headers: bearer(guest) }),
        403,
        'FORBIDDEN',
      );
    }
  });

  it('lets an Admin member pay for the team, and keeps each team to itself', async () => {
    const owner = await signUpConfirmed(test);
    const admin = await teamMember(test, owner.token, ROLES.ADMIN);
    const { subscription } = await subscribed(admin);
    expect((await subscriptions(owner.token)).map((row) => row.id)).toEqual([subscription.id]);

    const stranger = await signUpConfirmed(test);
    expect(await subscriptions(stranger.token)).toEqual([]);
    const peek = await test.app.inject({
      method: 'GET',
      url: `/api/user/subscription/${subscription.id}`,
      headers: bearer(stranger.token),
    });
    expectAppError(peek, 404, 'NOT_FOUND');
    expectAppError(
      await post(stranger.token, `/api/user/subscription/cancel/${subscription.id}`),
      404,
      'NOT_FOUND',
    );
  });
});
