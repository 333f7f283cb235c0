import { ROLES } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, users } from '../../../db/schema/index.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../../test/test-app.js';
import { PAYMENT_INTENT_UPDATED_JOB, type PaymentMethodType } from '../gateway.js';
import { SandboxPaymentGateway } from './sandbox-gateway.js';

const test = useTestApp();

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
const AUTHENTICATION_CARD = { ...CARD, number: '4000 0025 0000 3155' };

function gateway(): SandboxPaymentGateway {
  const payments = test.app.deps.payments;
  if (!(payments instanceof SandboxPaymentGateway)) throw new Error('not the sandbox gateway');
  return payments;
}

/** A signed-up owner with a sandbox customer for the team, as billing will create one. */
async function owner(): Promise<{ token: string; teamId: string; customerId: string }> {
  const user = await signUpConfirmed(test);
  const customer = await gateway().createCustomer({
    email: user.email,
    name: 'Acme',
    teamId: user.teamId,
  });
  return { token: user.token, teamId: user.teamId, customerId: customer.id };
}

async function setupIntent(customerId: string, type: PaymentMethodType = 'card'): Promise<string> {
  return (await gateway().createSetupIntent({ customerId, type })).id;
}

function confirm(token: string, setupIntentId: string, payload: object) {
  return test.app.inject({
    method: 'POST',
    url: `/api/sandbox/setup_intents/${setupIntentId}/confirm`,
    headers: bearer(token),
    payload,
  });
}

function challenge(token: string, paymentIntentId: string, outcome: string) {
  return test.app.inject({
    method: 'POST',
    url: `/api/sandbox/payment_intents/${paymentIntentId}/challenge`,
    headers: bearer(token),
    payload: { outcome },
  });
}

/** An on-session charge of the 3-D Secure test card, waiting on its challenge. */
async function intentAwaitingChallenge(customer: {
  token: string;
  customerId: string;
}): Promise<string> {
  const response = await confirm(customer.token, await setupIntent(customer.customerId), {
    card: AUTHENTICATION_CARD,
  });
  const { paymentMethodId } = response.json<{ paymentMethodId: string }>();
  const intent = await gateway().createPaymentIntent({
    customerId: customer.customerId,
    paymentMethodId,
    amountCents: 2900,
    description: 'LegalMind Pro, monthly',
    idempotencyKey: 'checkout-1',
    offSession: false,
    metadata: {},
  });
  expect(intent.status).toBe('requires_action');
  return intent.id;
}

describe('POST /api/sandbox/setup_intents/:id/confirm', () => {
  it('saves a card for the caller team', async () => {
    const customer = await owner();
    const id = await setupIntent(customer.customerId);

    const response = await confirm(customer.token, id, { card: CARD });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'succeeded', type: 'card' });
    expect(await gateway().listPaymentMethods(customer.customerId)).toMatchObject([
      { type: 'card', prefix: 'visa', last4: '4242' },
    ]);
  });

  it.each([
    ['a year past an integer column', { expYear: 2_147_483_648 }],
    ['a month that does not exist', { expMonth: 13 }],
  ])('refuses %s with 400 and saves nothing', async (_case, change) => {
    const customer = await owner();
    const id = await setupIntent(customer.customerId);
    const response = await confirm(customer.token, id, { card: { ...CARD, ...change } });
    expect(response.statusCode, response.body).toBe(400);
    expect(await gateway().listPaymentMethods(customer.customerId)).toEqual([]);
  });

  it('saves a SEPA account', async () => {
    const customer = await owner();
    const id = await setupIntent(customer.customerId, 'sepa_debit');

    const response = await confirm(customer.token, id, {
      sepa: { iban: 'DE89370400440532013000', accountHolderName: 'Ana García', email: 'a@b.de' },
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(await gateway().listPaymentMethods(customer.customerId)).toMatchObject([
      { type: 'sepa_debit', prefix: 'DE', bankCode: '37040044', last4: '3000' },
    ]);
  });

  it('answers card problems with the field and the provider words', async () => {
    const customer = await owner();
    const id = await setupIntent(customer.customerId);

    const luhn = await confirm(customer.token, id, {
      card: { ...CARD, number: '4242424242424241' },
    });
    const expired = await confirm(customer.token, id, { card: { ...CARD, expYear: 2020 } });
    const cvc = await confirm(customer.token, id, { card: { ...CARD, cvc: '1' } });

    expectAppError(luhn, 400, 'VALIDATION', 'card.number');
    expect(luhn.json<{ error: { message: string } }>().error.message).toBe(
      'Your card number is invalid.',
    );
    expectAppError(expired, 400, 'VALIDATION', 'card.expYear');
    expectAppError(cvc, 400, 'VALIDATION', 'card.cvc');
  });

  it('refuses an IBAN outside SEPA and a body of neither shape', async () => {
    const customer = await owner();
    const id = await setupIntent(customer.customerId, 'sepa_debit');

    const notSepa = await confirm(customer.token, id, {
      sepa: { iban: 'TR330006100519786457841326', accountHolderName: 'Ana', email: 'a@b.de' },
    });
    const neither = await confirm(customer.token, id, { paypal: 'ana@b.de' });

    expectAppError(notSepa, 400, 'VALIDATION', 'sepa.iban');
    expectAppError(neither, 400, 'VALIDATION');
  });

  it("answers 404 for another team's setup intent", async () => {
    const customer = await owner();
    const stranger = await owner();
    const id = await setupIntent(customer.customerId);

    const response = await confirm(stranger.token, id, { card: CARD });

    expectAppError(response, 404, 'NOT_FOUND');
    expect(await gateway().listPaymentMethods(customer.customerId)).toEqual([]);
  });

  it('needs a signed-in member who may pay', async () => {
    const customer = await owner();
    const id = await setupIntent(customer.customerId);
    await test.app.deps.db
      .update(users)
      .set({ roles: [ROLES.GUEST] })
      .where(eq(users.teamId, customer.teamId));

    const anonymous = await test.app.inject({
      method: 'POST',
      url: `/api/sandbox/setup_intents/${id}/confirm`,
      payload: { card: CARD },
    });
    const guest = await confirm(customer.token, id, { card: CARD });

    expectAppError(anonymous, 401, 'UNAUTHORIZED');
    expectAppError(guest, 403, 'FORBIDDEN');
  });
});

describe('the 3-D Secure challenge routes', () => {
  it('shows the intent awaiting authentication to its team only', async () => {
    const customer = await owner();
    const stranger = await owner();
    const intentId = await intentAwaitingChallenge(customer);

    const own = await test.app.inject({
      method: 'GET',
      url: `/api/sandbox/payment_intents/${intentId}`,
      headers: bearer(customer.token),
    });
    const other = await test.app.inject({
      method: 'GET',
      url: `/api/sandbox/payment_intents/${intentId}`,
      headers: bearer(stranger.token),
    });

    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      id: intentId,
      status: 'requires_action',
      amountCents: 2900,
    });
    expectAppError(other, 404, 'NOT_FOUND');
  });

  it('succeeds the payment when the challenge is passed', async () => {
    const customer = await owner();
    const intentId = await intentAwaitingChallenge(customer);

    const response = await challenge(customer.token, intentId, 'succeed');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'succeeded', nextActionUrl: null });
    const queued = await test.app.deps.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.name, PAYMENT_INTENT_UPDATED_JOB));
    expect(queued).toEqual([{ payload: { paymentIntentId: intentId } }]);
  });

  it('refuses the payment when the challenge fails, and answers 409 after', async () => {
    const customer = await owner();
    const intentId = await intentAwaitingChallenge(customer);

    const failed = await challenge(customer.token, intentId, 'fail');
    const again = await challenge(customer.token, intentId, 'succeed');

    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({
      status: 'requires_payment_method',
      lastError: expect.stringContaining('unable to authenticate') as unknown,
    });
    expectAppError(again, 409, 'CONFLICT');
  });

  it("answers 404 for another team's intent and 400 for an unknown outcome", async () => {
    const customer = await owner();
    const stranger = await owner();
    const intentId = await intentAwaitingChallenge(customer);

    const other = await challenge(stranger.token, intentId, 'succeed');
    const unknown = await challenge(customer.token, intentId, 'maybe');

    expectAppError(other, 404, 'NOT_FOUND');
    expectAppError(unknown, 400, 'VALIDATION', 'outcome');
    expect((await gateway().getPaymentIntent(intentId))?.status).toBe('requires_action');
  });
});

describe('payment routes of the sandbox', () => {
  it('has no Stripe webhook', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: {},
    });

    expect(response.statusCode).toBe(404);
  });
});
