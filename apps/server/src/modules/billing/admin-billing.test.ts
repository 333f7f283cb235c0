import type { TAdminPrice, TAdminProduct, TSubscribeResponse, TSubscription } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/index.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import {
  CARDS,
  LEGAL_PRO_MONTH,
  addPaymentMethod,
  adminToken as signInAdmin,
  subscribe,
} from './billing-fixtures.js';

const test = useTestApp();

function adminToken(): Promise<string> {
  return signInAdmin(test);
}

function call(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return test.app.inject({ method, url, headers: bearer(token), payload });
}

async function legalBasic(admin: string, userId?: string): Promise<TAdminProduct> {
  const query = userId ? `?userId=${userId}` : '';
  const products = (await call(admin, 'GET', `/api/admin/products${query}`)).json<
    TAdminProduct[]
  >();
  const product = products.find((item) => item.neuron === 'LegalMind' && item.planCode === 'BASIC');
  if (!product) throw new Error('no LegalMind Basic product');
  return product;
}

describe('custom prices and administrator subscriptions', () => {
  it('sells a customer a plan at their own price, which they pay with Go to Pay', async () => {
    const admin = await adminToken();
    const customer = await signUpConfirmed(test);
    const product = await legalBasic(admin);
    expect(product.prices.map((price) => price.interval)).toEqual(['MONTH', 'YEAR']);

    const created = await call(admin, 'POST', '/api/admin/stripe/custom/price', {
      productId: product.productId,
      price: 1500,
      interval: 'MONTH',
      userId: customer.userId,
      currency: 'eur',
    });
    expect(created.statusCode, created.body).toBe(201);
    const price = created.json<TAdminPrice>();
    expect(price).toMatchObject({ price: 1500, interval: 'MONTH', teamId: customer.teamId });
    expect((await legalBasic(admin, customer.userId)).prices).toContainEqual(price);
    expect((await legalBasic(admin)).prices).not.toContainEqual(price);

    const pending = await call(admin, 'POST', '/api/admin/subscription', {
      userId: customer.userId,
      priceId: price.priceId,
      status: 'PENDING',
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const subscription = pending.json<TSubscription>();
    expect(subscription).toMatchObject({ status: 'PENDING', planCode: 'BASIC', priceCents: 1500 });
    const listed = await call(admin, 'GET', `/api/admin/user/${customer.userId}/subscriptions`);
    expect(listed.json<TSubscription[]>().map((row) => row.status)).toEqual(['PENDING']);

    const paymentId = await addPaymentMethod(test, customer.token, { card: CARDS.visa });
    const paid = await test.app.inject({
      method: 'PUT',
      url: `/api/user/subscription/${subscription.id}`,
      headers: bearer(customer.token),
      payload: { paymentId },
    });
    expect(paid.json<TSubscribeResponse>()).toMatchObject({
      paymentStatus: 'succeeded',
      subscription: { status: 'ACTIVE' },
    });
    const [invoice] = await test.app.deps.db.select().from(invoices);
    expect(invoice?.subtotalCents).toBe(1500);
  });

  it('keeps a custom price to its customer', async () => {
    const admin = await adminToken();
    const customer = await signUpConfirmed(test);
    const other = await signUpConfirmed(test);
    const product = await legalBasic(admin);
    const price = (
      await call(admin, 'POST', '/api/admin/stripe/custom/price', {
        productId: product.productId,
        price: 1500,
        interval: 'MONTH',
        userId: customer.userId,
      })
    ).json<TAdminPrice>();
    const paymentId = await addPaymentMethod(test, other.token, { card: CARDS.visa });
    const response = await subscribe(test, other.token, {
      priceId: price.priceId,
      planCode: 'BASIC',
      paymentId,
    });
    expectAppError(response, 400, 'VALIDATION', 'priceId');

    // Nor may the other team change its plan to that price.
    const publicPro = await subscribe(test, other.token, {
      priceId: LEGAL_PRO_MONTH,
      planCode: 'PRO',
      paymentId,
    });
    const subscription = publicPro.json<TSubscribeResponse>().subscription;
    expect(subscription).toMatchObject({ status: 'ACTIVE', planCode: 'PRO' });
    const change = await test.app.inject({
      method: 'PUT',
      url: '/api/microservice/subscribe/LegalMind',
      headers: bearer(other.token),
      payload: {
        priceId: price.priceId,
        planCode: 'BASIC',
        paymentId,
        internalId: subscription.id,
      },
    });
    expectAppError(change, 400, 'VALIDATION', 'priceId');
    const listed = await call(other.token, 'GET', '/api/user/subscriptions');
    expect(listed.json<TSubscription[]>()).toMatchObject([
      { priceId: LEGAL_PRO_MONTH, scheduledChange: null },
    ]);
    expectAppError(
      await call(admin, 'POST', '/api/admin/subscription', {
        userId: other.userId,
        priceId: price.priceId,
      }),
      400,
      'VALIDATION',
      'priceId',
    );
  });

  it('validates the price and refuses a second live subscription to the neuron', async () => {
    const admin = await adminToken();
    const customer = await signUpConfirmed(test);
    const product = await legalBasic(admin);
    const body = { productId: product.productId, interval: 'MONTH', userId: customer.userId };
    for (const price of [10, 12.5, 2_147_483_648]) {
      expectAppError(
        await call(admin, 'POST', '/api/admin/stripe/custom/price', { ...body, price }),
        400,
        'VALIDATION',
        'price',
      );
    }
    expectAppError(
      await call(admin, 'POST', '/api/admin/stripe/custom/price', {
        ...body,
        price: 1000,
        userId: '00000000-0000-4000-8000-000000000000',
      }),
      404,
      'NOT_FOUND',
    );
    const publicPrice = product.prices[0]?.priceId ?? '';
    const first = await call(admin, 'POST', '/api/admin/subscription', {
      userId: customer.userId,
      priceId: publicPrice,
    });
    expect(first.statusCode).toBe(201);
    expectAppError(
      await call(admin, 'POST', '/api/admin/subscription', {
        userId: customer.userId,
        priceId: publicPrice,
      }),
      409,
      'CONFLICT',
    );
  });

  it('answers 403 to a customer', async () => {
    const customer = await signUpConfirmed(test);
    expectAppError(await call(customer.token, 'GET', '/api/admin/products'), 403, 'FORBIDDEN');
    expectAppError(
      await call(customer.token, 'POST', '/api/admin/subscription', {
        userId: customer.userId,
        priceId: 'x',
      }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('GET /api/payments/products', () => {
  it('lists the paid plans with their public prices only', async () => {
    const admin = await adminToken();
    const customer = await signUpConfirmed(test);
    const product = await legalBasic(admin);
    await call(admin, 'POST', '/api/admin/stripe/custom/price', {
      productId: product.productId,
      price: 1500,
      interval: 'MONTH',
      userId: customer.userId,
    });
    const response = await call(customer.token, 'GET', '/api/payments/products/LegalMind');
    const products = response.json<TAdminProduct[]>();
    expect(products.map((item) => item.planCode)).toEqual(['BASIC', 'PRO', 'ENTERPRISE']);
    expect(products[0]?.prices.map((price) => price.teamId)).toEqual([null, null]);
  });
});

describe('promotion codes', () => {
  it('are created by the administrator and then accepted at checkout', async () => {
    const admin = await adminToken();
    const created = await call(admin, 'POST', '/api/admin/promotion_codes', {
      code: 'spring25',
      percentOff: 25,
      maxRedemptions: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'SPRING25', percentOff: 25, timesRedeemed: 0 });
    const customer = await signUpConfirmed(test);
    const product = await legalBasic(admin);
    const check = await call(customer.token, 'POST', '/api/user/promotion_codes/spring25', {
      priceId: product.prices[0]?.priceId,
    });
    expect(check.json()).toMatchObject({ coupon: { percentOff: 25 } });
    expectAppError(
      await call(admin, 'POST', '/api/admin/promotion_codes', { code: 'SPRING25', amountOff: 500 }),
      409,
      'CONFLICT',
    );
    const listed = await call(admin, 'GET', '/api/admin/promotion_codes');
    expect(listed.json<{ code: string }[]>().map((row) => row.code)).toEqual(['SPRING25']);
  });

  it('keep the months a subscription has the discount, for ever when none is given', async () => {
    const admin = await adminToken();
    const created = await call(admin, 'POST', '/api/admin/promotion_codes', {
      code: 'SIXMONTHS',
      percentOff: 10,
      durationMonths: 6,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ durationMonths: 6 });
    await call(admin, 'POST', '/api/admin/promotion_codes', { code: 'ALWAYS', percentOff: 5 });
    const listed = await call(admin, 'GET', '/api/admin/promotion_codes');
    const months = listed
      .json<{ code: string; durationMonths: number | null }[]>()
      .map((row) => [row.code, row.durationMonths]);
    expect(months).toEqual(
      expect.arrayContaining([
        ['SIXMONTHS', 6],
        ['ALWAYS', null],
      ]),
    );
  });

  it.each([
    ['both discounts', { code: 'BOTH', percentOff: 10, amountOff: 100 }, 'percentOff'],
    ['no discount', { code: 'NONE' }, 'percentOff'],
    ['a code with spaces', { code: 'TWO WORDS', percentOff: 10 }, 'code'],
    ['more than 100 %', { code: 'TOOMUCH', percentOff: 150 }, 'percentOff'],
    ['a fraction of a percent', { code: 'HALF', percentOff: 12.5 }, 'percentOff'],
    [
      'a code that has already expired',
      { code: 'OLD', percentOff: 10, expiresAt: '2020-01-01T00:00:00Z' },
      'expiresAt',
    ],
    ['an amount past an integer column', { code: 'HUGE', amountOff: 2_147_483_648 }, 'amountOff'],
    [
      'uses past an integer column',
      { code: 'MANY', percentOff: 10, maxRedemptions: 2_147_483_648 },
      'maxRedemptions',
    ],
    [
      'a duration of 0 months',
      { code: 'ZERO', percentOff: 10, durationMonths: 0 },
      'durationMonths',
    ],
    [
      'a duration past 36 months',
      { code: 'LONG', percentOff: 10, durationMonths: 37 },
      'durationMonths',
    ],
    [
      'a fraction of a month',
      { code: 'HALFM', percentOff: 10, durationMonths: 1.5 },
      'durationMonths',
    ],
  ])('refuses %s', async (_case, payload, field) => {
    const admin = await adminToken();
    expectAppError(
      await call(admin, 'POST', '/api/admin/promotion_codes', payload),
      400,
      'VALIDATION',
      field,
    );
  });

  it('are for the administrator only', async () => {
    const customer = await signUpConfirmed(test);
    expectAppError(
      await call(customer.token, 'POST', '/api/admin/promotion_codes', {
        code: 'FREE',
        percentOff: 100,
      }),
      403,
      'FORBIDDEN',
    );
  });
});
