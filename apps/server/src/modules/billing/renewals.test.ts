import type { TPlanChangePreview, TSubscribeResponse, TSubscription } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { invoices, neurons, sandboxPaymentIntents } from '../../db/schema/index.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { priceId } from '../catalogue/seed.js';
import {
  CARDS,
  LEGAL_BASIC_MONTH,
  activeWithThreeDSecure,
  addPaymentMethod,
  addPromotionCode,
  onlySubscription,
  subscribe,
} from './billing-fixtures.js';

// Sessions outlive the months these tests move through.
const test = useTestApp({ JWT_TTL_HOURS: '100000' });
const DAY = 86_400_000;

async function activeBasic(token: string): Promise<TSubscription> {
  const paymentId = await addPaymentMethod(test, token, { card: CARDS.visa });
  const response = await subscribe(test, token, {
    priceId: LEGAL_BASIC_MONTH,
    planCode: 'BASIC',
    paymentId,
  });
  return response.json<TSubscribeResponse>().subscription;
}

/** Moves past the end of the current period and runs what is due. */
async function reachPeriodEnd(subscription: TSubscription): Promise<void> {
  test.clock.set(new Date(new Date(subscription.endDate).getTime() + 1000));
  await test.app.deps.jobs.runDue();
}

function put(token: string, url: string, payload: Record<string, unknown>) {
  return test.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
}

describe('renewal at the end of the period', () => {
  it('invoices the next period and charges the default payment method', async () => {
    const { token } = await signUpConfirmed(test);
    const first = await activeBasic(token);
    await reachPeriodEnd(first);
    const renewed = await onlySubscription(test, token);
    expect(renewed.status).toBe('ACTIVE');
    expect(renewed.startDate).toBe(first.endDate);
    expect(new Date(renewed.endDate).getTime()).toBeGreaterThan(
      new Date(first.endDate).getTime() + 27 * DAY,
    );
    const stored = await test.app.deps.db.select().from(invoices);
    expect(stored.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);

    // The job of a period already renewed does nothing.
    await test.app.deps.jobs.runDue();
    expect(await test.app.deps.db.select().from(invoices)).toHaveLength(2);
  });

  it('ends a subscription canceled at period end, without charging', async () => {
    const { token } = await signUpConfirmed(test);
    const first = await activeBasic(token);
    await test.app.inject({
      method: 'POST',
      url: `/api/user/subscription/cancel/${first.id}`,
      headers: bearer(token),
    });
    await reachPeriodEnd(first);
    expect(await onlySubscription(test, token)).toMatchObject({
      status: 'CANCELED',
      canceledAt: first.endDate,
    });
    expect(await test.app.deps.db.select().from(invoices)).toHaveLength(1);
  });

  /** An active monthly subscription whose renewal is charged to a card that is declined. */
  async function refusedRenewal(token: string) {
    const { subscription } = await activeWithThreeDSecure(test, token);
    await reachPeriodEnd(subscription);
  }

  it('leaves a refused renewal INCOMPLETE and mails the owner', async () => {
    const { token, email } = await signUpConfirmed(test);
    await refusedRenewal(token);
    const renewed = await onlySubscription(test, token);
    expect(renewed.status).toBe('INCOMPLETE');
    expect(renewed.paymentIntent?.status).toBe('requires_payment_method');
    const mail = (await test.outbox()).find((message) => message.to === email);
    expect(mail?.subject).toBe('We could not charge your LegalMind subscription');
    expect(mail?.text).toContain('This transaction requires authentication.');
  });

  it('names the neuron in the language of the owner in that mail, from the catalogue data', async () => {
    const translations = { es: { name: 'MenteLegal', description: 'Anonimiza textos.' } };
    await test.app.deps.db.update(neurons).set({ translations }).where(eq(neurons.id, 'LegalMind'));
    const { token, email } = await signUpConfirmed(test, { language: 'es' });
    await refusedRenewal(token);
    const mail = (await test.outbox()).find((message) => message.to === email);
    expect(mail?.text).toContain('MenteLegal');
  });

  it('keeps the subscription discount on the renewal invoice', async () => {
    const { token } = await signUpConfirmed(test);
    await addPromotionCode(test, { code: 'LOYAL20', percentOff: 20 });
    const paymentId = await addPaymentMethod(test, token, { card: CARDS.visa });
    const first = (
      await subscribe(test, token, {
        priceId: LEGAL_BASIC_MONTH,
        planCode: 'BASIC',
        paymentId,
        promotionCode: 'LOYAL20',
      })
    ).json<TSubscribeResponse>().subscription;
    await reachPeriodEnd(first);
    const discounts = (await test.app.deps.db.select().from(invoices)).map((invoice) => [
      invoice.subtotalCents,
      invoice.discountCents,
      invoice.status,
    ]);
    expect(discounts).toEqual([
      [2900, 580, 'paid'],
      [2900, 580, 'paid'],
    ]);
  });

  it('rolls a free plan over without an invoice', async () => {
    const { token } = await signUpConfirmed(test);
    const free = await test.app.inject({
      method: 'POST',
      url: '/api/microservice/free/Nucleus',
      headers: bearer(token),
    });
    await reachPeriodEnd(free.json<TSubscription>());
    expect(await onlySubscription(test, token)).toMatchObject({
      status: 'ACTIVE',
      planCode: 'FREE',
    });
    expect(await test.app.deps.db.select().from(invoices)).toEqual([]);
  });
});

describe('changing plan', () => {
  it('upgrades at once within the interval, charging the difference for the rest of the period', async () => {
    const { token } = await signUpConfirmed(test);
    const first = await activeBasic(token);
    const half = (new Date(first.endDate).getTime() - new Date(first.startDate).getTime()) / 2;
    test.clock.set(new Date(new Date(first.startDate).getTime() + half));
    const paymentId = (await onlySubscription(test, token)).paymentIntent?.paymentMethodId;
    const methods = await test.app.inject({
      method: 'GET',
      url: '/api/payments/payment_methods',
      headers: bearer(token),
    });
    const visa = paymentId ?? methods.json<{ id: string }[]>()[0]?.id;
    const preview = await test.app.inject({
      method: 'POST',
      url: '/api/microservice/subscribe/LegalMind/preview',
      headers: bearer(token),
      payload: { priceId: priceId('LegalMind', 'PRO', 'MONTH'), planCode: 'PRO' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<TPlanChangePreview>()).toEqual({
      change: 'UPGRADE',
      chargeNow: { subtotal: 3500, tax: 735, total: 4235 },
      newPriceCents: 9900,
      interval: 'MONTH',
      appliesFrom: test.clock.now().toISOString(),
    });
    const response = await put(token, '/api/microservice/subscribe/LegalMind', {
      priceId: priceId('LegalMind', 'PRO', 'MONTH'),
      planCode: 'PRO',
      paymentId: visa,
      internalId: first.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TSubscribeResponse>()).toMatchObject({
      paymentStatus: 'succeeded',
      subscription: { planCode: 'PRO', status: 'ACTIVE', endDate: first.endDate },
    });
    const proration = (await test.app.deps.db.select().from(invoices)).find(
      (invoice) => invoice.subtotalCents !== 2900,
    );
    expect(proration).toMatchObject({ subtotalCents: 3500, totalCents: 4235, status: 'paid' });
  });

  it('schedules a downgrade for the end of the period', async () => {
    const { token } = await signUpConfirmed(test);
    const paymentId = await addPaymentMethod(test, token, { card: CARDS.visa });
    const pro = (
      await subscribe(test, token, {
        priceId: priceId('LegalMind', 'PRO', 'MONTH'),
        planCode: 'PRO',
        paymentId,
      })
    ).json<TSubscribeResponse>().subscription;
    const preview = await test.app.inject({
      method: 'POST',
      url: '/api/microservice/subscribe/LegalMind/preview',
      headers: bearer(token),
      payload: { priceId: LEGAL_BASIC_MONTH, planCode: 'BASIC', internalId: pro.id },
    });
    expect(preview.json<TPlanChangePreview>()).toMatchObject({
      change: 'DOWNGRADE',
      chargeNow: { subtotal: 0, tax: 0, total: 0 },
      appliesFrom: pro.endDate,
    });
    const response = await put(token, '/api/microservice/subscribe/LegalMind', {
      priceId: LEGAL_BASIC_MONTH,
      planCode: 'BASIC',
      paymentId,
      internalId: pro.id,
    });
    expect(response.json<TSubscribeResponse>()).toMatchObject({
      paymentStatus: null,
      subscription: {
        planCode: 'PRO',
        scheduledChange: { planCode: 'BASIC', startsAt: pro.endDate },
      },
    });
    await reachPeriodEnd(pro);
    expect(await onlySubscription(test, token)).toMatchObject({
      planCode: 'BASIC',
      scheduledChange: null,
    });
    const subtotals = (await test.app.deps.db.select().from(invoices)).map(
      (invoice) => invoice.subtotalCents,
    );
    expect(subtotals.sort()).toEqual([2900, 9900]);
  });

  it('starts a new yearly period when switching from monthly, crediting the unused month', async () => {
    const { token } = await signUpConfirmed(test);
    const first = await activeBasic(token);
    const methods = await test.app.inject({
      method: 'GET',
      url: '/api/payments/payment_methods',
      headers: bearer(token),
    });
    const response = await put(token, '/api/microservice/subscribe/LegalMind', {
      priceId: priceId('LegalMind', 'BASIC', 'YEAR'),
      planCode: 'BASIC',
      paymentId: methods.json<{ id: string }[]>()[0]?.id,
      internalId: first.id,
    });
    const changed = response.json<TSubscribeResponse>().subscription;
    expect(changed).toMatchObject({ interval: 'YEAR', status: 'ACTIVE' });
    expect(
      new Date(changed.endDate).getTime() - new Date(changed.startDate).getTime(),
    ).toBeGreaterThan(364 * DAY);
    const upgrade = (await test.app.deps.db.select().from(invoices)).find(
      (invoice) => invoice.subtotalCents !== 2900,
    );
    expect(upgrade?.subtotalCents).toBe(27840 - 2900);
  });

  it('refuses the same plan, and a subscription with nothing to change', async () => {
    const { token } = await signUpConfirmed(test);
    const first = await activeBasic(token);
    const methods = await test.app.inject({
      method: 'GET',
      url: '/api/payments/payment_methods',
      headers: bearer(token),
    });
    const paymentId = methods.json<{ id: string }[]>()[0]?.id;
    const same = await put(token, '/api/microservice/subscribe/LegalMind', {
      priceId: LEGAL_BASIC_MONTH,
      planCode: 'BASIC',
      paymentId,
      internalId: first.id,
    });
    expect(same.statusCode).toBe(422);
    const samePreview = await test.app.inject({
      method: 'POST',
      url: '/api/microservice/subscribe/LegalMind/preview',
      headers: bearer(token),
      payload: { priceId: LEGAL_BASIC_MONTH, planCode: 'BASIC' },
    });
    expectAppError(samePreview, 422, 'BUSINESS_RULE');
    const none = await put(token, '/api/microservice/subscribe/Nucleus', {
      priceId: priceId('Nucleus', 'PRO', 'MONTH'),
      planCode: 'PRO',
      paymentId,
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('a renewal whose worker dies before the charge is recorded', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The job's next run, once its back-off after the failed one has passed. */
  async function runAgain(): Promise<void> {
    test.clock.set(new Date(test.clock.now().getTime() + 60_000));
    await test.app.deps.jobs.runDue();
  }

  async function succeededCharges(): Promise<number> {
    const intents = await test.app.deps.db.select().from(sandboxPaymentIntents);
    return intents.filter((intent) => intent.status === 'succeeded').length;
  }

  it('charges the invoice on the next run when it died after committing the new period', async () => {
    const { token } = await signUpConfirmed(test);
    const first = await activeBasic(token);
    // The process ends between the renewal's commit and the provider's charge.
    vi.spyOn(test.app.deps.payments, 'createPaymentIntent').mockRejectedValueOnce(
      new Error('worker died'),
    );
    await reachPeriodEnd(first);
    expect(
      (await test.app.deps.db.select().from(invoices)).map((invoice) => invoice.status),
    ).toEqual(['paid', 'open']);

    await runAgain();

    const stored = await test.app.deps.db.select().from(invoices);
    expect(stored.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect(await succeededCharges()).toBe(2);
    expect(await onlySubscription(test, token)).toMatchObject({
      status: 'ACTIVE',
      startDate: first.endDate,
    });
    // Any later run of the same job charges nothing more.
    await runAgain();
    expect(await succeededCharges()).toBe(2);
  });

  it('takes the same charge back when it died after the provider charged', async () => {
    const { token } = await signUpConfirmed(test);
    const first = await activeBasic(token);
    const payments = test.app.deps.payments;
    const charge = payments.createPaymentIntent.bind(payments);
    vi.spyOn(payments, 'createPaymentIntent').mockImplementationOnce(async (request) => {
      await charge(request);
      throw new Error('worker died');
    });
    await reachPeriodEnd(first);
    expect(await succeededCharges()).toBe(2);

    await runAgain();

    const stored = await test.app.deps.db.select().from(invoices);
    expect(stored.map((invoice) => invoice.status)).toEqual(['paid', 'paid']);
    expect(await succeededCharges()).toBe(2);
  });

  it('does not charge a renewal whose charge was refused and recorded', async () => {
    const { token } = await signUpConfirmed(test);
    const { subscription } = await activeWithThreeDSecure(test, token);
    await reachPeriodEnd(subscription);
    const intentsBefore = await test.app.deps.db.select().from(sandboxPaymentIntents);

    await runAgain();

    expect(await test.app.deps.db.select().from(sandboxPaymentIntents)).toHaveLength(
      intentsBefore.length,
    );
    expect((await onlySubscription(test, token)).status).toBe('INCOMPLETE');
  });
});
