import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  jobs,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  teams,
} from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/test-app.js';
import { AppError } from '../../errors.js';
import { PAYMENT_INTENT_UPDATED_JOB, type PaymentMethodType } from '../gateway.js';
import { SANDBOX_SEPA_SETTLE_JOB, SandboxPaymentGateway } from './sandbox-gateway.js';
import { DECLINE_MESSAGES, type PaymentDetails } from './test-data.js';

const test = useTestApp({ SANDBOX_SEPA_DELAY_SECONDS: '10' });

const CARD = { expMonth: 12, expYear: 2030, cvc: '123' };
const SEPA = { accountHolderName: 'Ana García', email: 'ana@acme-industries.com' };

function gateway(): SandboxPaymentGateway {
  const payments = test.app.deps.payments;
  if (!(payments instanceof SandboxPaymentGateway)) throw new Error('not the sandbox gateway');
  return payments;
}

async function createCustomer(): Promise<{ teamId: string; customerId: string }> {
  const [team] = await test.app.deps.db.insert(teams).values({ name: 'Acme' }).returning();
  const { id } = await gateway().createCustomer({
    email: 'owner@acme-industries.com',
    name: 'Acme',
    teamId: team!.id,
  });
  return { teamId: team!.id, customerId: id };
}

async function savePaymentMethod(
  customer: { teamId: string; customerId: string },
  details: PaymentDetails,
): Promise<string> {
  const type: PaymentMethodType = 'card' in details ? 'card' : 'sepa_debit';
  const setup = await gateway().createSetupIntent({ customerId: customer.customerId, type });
  const confirmed = await gateway().confirmSetupIntent({
    teamId: customer.teamId,
    setupIntentId: setup.id,
    details,
  });
  return confirmed.paymentMethodId!;
}

async function charge(
  customer: { customerId: string },
  paymentMethodId: string,
  options: { idempotencyKey?: string; offSession?: boolean; amountCents?: number } = {},
) {
  return gateway().createPaymentIntent({
    customerId: customer.customerId,
    paymentMethodId,
    amountCents: options.amountCents ?? 2900,
    description: 'LegalMind Pro, monthly',
    idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
    offSession: options.offSession ?? false,
    metadata: { subscriptionId: 'sub-1' },
  });
}

async function intentUpdatedJobs(): Promise<unknown[]> {
  const rows = await test.app.deps.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.name, PAYMENT_INTENT_UPDATED_JOB));
  return rows.map((row) => row.payload);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('sandbox gateway: setup intents', () => {
  it('saves a card through a setup intent and lists it without the number', async () => {
    const customer = await createCustomer();
    const setup = await gateway().createSetupIntent({
      customerId: customer.customerId,
      type: 'card',
    });

    expect(setup).toMatchObject({ status: 'requires_payment_method', paymentMethodId: null });
    expect(setup.clientSecret).toMatch(new RegExp(`^${setup.id}_secret_`));

    const confirmed = await gateway().confirmSetupIntent({
      teamId: customer.teamId,
      setupIntentId: setup.id,
      details: { card: { number: '4242 4242 4242 4242', ...CARD } },
    });

    expect(confirmed.status).toBe('succeeded');
    expect(await gateway().getSetupIntent(setup.id)).toEqual(confirmed);
    expect(await gateway().listPaymentMethods(customer.customerId)).toEqual([
      {
        id: confirmed.paymentMethodId,
        type: 'card',
        prefix: 'visa',
        last4: '4242',
        bankCode: null,
        expMonth: 12,
        expYear: 2030,
      },
    ]);
    const [stored] = await test.app.deps.db.select().from(sandboxPaymentMethods);
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    expect(JSON.stringify(stored)).not.toContain('"123"');
  });

  it('saves a SEPA account with its country, bank code and last four digits', async () => {
    const customer = await createCustomer();
    const id = await savePaymentMethod(customer, {
      sepa: { iban: 'ES91 2100 0418 4502 0005 1332', ...SEPA },
    });

    expect(await gateway().getPaymentMethod(customer.customerId, id)).toEqual({
      id,
      type: 'sepa_debit',
      prefix: 'ES',
      last4: '1332',
      bankCode: '2100',
      expMonth: null,
      expYear: null,
    });
  });

  it('refuses a second confirmation and details of the other type', async () => {
    const customer = await createCustomer();
    const setup = await gateway().createSetupIntent({
      customerId: customer.customerId,
      type: 'card',
    });
    const wrongType = await rejection(
      gateway().confirmSetupIntent({
        teamId: customer.teamId,
        setupIntentId: setup.id,
        details: { sepa: { iban: 'AT611904300234573201', ...SEPA } },
      }),
    );
    await gateway().confirmSetupIntent({
      teamId: customer.teamId,
      setupIntentId: setup.id,
      details: { card: { number: '4242424242424242', ...CARD } },
    });
    const again = await rejection(
      gateway().confirmSetupIntent({
        teamId: customer.teamId,
        setupIntentId: setup.id,
        details: { card: { number: '4242424242424242', ...CARD } },
      }),
    );

    expect(wrongType.code).toBe('VALIDATION');
    expect(wrongType.fields).toEqual({ card: 'validation.required' });
    expect(again.code).toBe('CONFLICT');
    expect(await gateway().listPaymentMethods(customer.customerId)).toHaveLength(1);
  });

  it("does not confirm another team's setup intent", async () => {
    const customer = await createCustomer();
    const other = await createCustomer();
    const setup = await gateway().createSetupIntent({
      customerId: customer.customerId,
      type: 'card',
    });

    const error = await rejection(
      gateway().confirmSetupIntent({
        teamId: other.teamId,
        setupIntentId: setup.id,
        details: { card: { number: '4242424242424242', ...CARD } },
      }),
    );

    expect(error.code).toBe('NOT_FOUND');
  });

  it('refuses a setup intent for an unknown customer', async () => {
    const error = await rejection(
      gateway().createSetupIntent({ customerId: 'cus_missing', type: 'card' }),
    );

    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('sandbox gateway: card payments', () => {
  it('charges 4242 4242 4242 4242 at once', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4242424242424242', ...CARD },
    });

    const intent = await charge(customer, card);

    expect(intent).toMatchObject({
      customerId: customer.customerId,
      amountCents: 2900,
      currency: 'eur',
      status: 'succeeded',
      paymentMethodId: card,
      lastError: null,
      nextActionUrl: null,
      metadata: { subscriptionId: 'sub-1' },
    });
    expect(await gateway().getPaymentIntent(intent.id)).toEqual(intent);
    expect(await intentUpdatedJobs()).toEqual([]);
  });

  it('declines 4000 0000 0000 9995 for insufficient funds', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4000000000009995', ...CARD },
    });

    const intent = await charge(customer, card);

    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card has insufficient funds.',
    });
  });

  it('asks 4000 0025 0000 3155 for 3-D Secure on the challenge page', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4000002500003155', ...CARD },
    });

    const intent = await charge(customer, card);

    expect(intent.status).toBe('requires_action');
    expect(intent.nextActionUrl).toBe(`http://localhost:3000/sandbox/challenge/${intent.id}`);
  });

  it('declines 3155 off-session as authentication required, since no one can authenticate', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4000002500003155', ...CARD },
    });

    const intent = await charge(customer, card, { offSession: true });

    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      lastError: DECLINE_MESSAGES.authenticationRequired,
      nextActionUrl: null,
    });
  });

  it('succeeds when the challenge is passed and tells billing through the job', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4000002500003155', ...CARD },
    });
    const intent = await charge(customer, card);

    const passed = await gateway().completeChallenge({
      teamId: customer.teamId,
      paymentIntentId: intent.id,
      outcome: 'succeed',
    });

    expect(passed).toMatchObject({ status: 'succeeded', lastError: null, nextActionUrl: null });
    expect(await intentUpdatedJobs()).toEqual([{ paymentIntentId: intent.id }]);
  });

  it('goes back to requires_payment_method when the challenge fails, and only once', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4000002500003155', ...CARD },
    });
    const intent = await charge(customer, card);

    const failed = await gateway().completeChallenge({
      teamId: customer.teamId,
      paymentIntentId: intent.id,
      outcome: 'fail',
    });
    const again = await rejection(
      gateway().completeChallenge({
        teamId: customer.teamId,
        paymentIntentId: intent.id,
        outcome: 'succeed',
      }),
    );

    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      lastError: DECLINE_MESSAGES.authenticationFailed,
    });
    expect(again.code).toBe('CONFLICT');
    expect(await intentUpdatedJobs()).toEqual([{ paymentIntentId: intent.id }]);
  });

  it('answers the same intent for the same idempotency key, with one charge', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4242424242424242', ...CARD },
    });

    const [first, second] = await Promise.all([
      charge(customer, card, { idempotencyKey: 'checkout-1' }),
      charge(customer, card, { idempotencyKey: 'checkout-1' }),
    ]);
    const third = await charge(customer, card, { idempotencyKey: 'checkout-1' });

    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await test.app.deps.db.select().from(sandboxPaymentIntents)).toHaveLength(1);
  });

  it('refuses an idempotency key reused for another charge', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4242424242424242', ...CARD },
    });
    await charge(customer, card, { idempotencyKey: 'checkout-1' });

    const error = await rejection(
      charge(customer, card, { idempotencyKey: 'checkout-1', amountCents: 9900 }),
    );

    expect(error.code).toBe('CONFLICT');
  });

  it('keeps idempotency keys per customer', async () => {
    const customer = await createCustomer();
    const other = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4242424242424242', ...CARD },
    });
    const otherCard = await savePaymentMethod(other, {
      card: { number: '4242424242424242', ...CARD },
    });

    const first = await charge(customer, card, { idempotencyKey: 'checkout-1' });
    const second = await charge(other, otherCard, { idempotencyKey: 'checkout-1' });

    expect(second.id).not.toBe(first.id);
  });

  it("cannot charge or read another customer's payment method", async () => {
    const customer = await createCustomer();
    const other = await createCustomer();
    const otherCard = await savePaymentMethod(other, {
      card: { number: '4242424242424242', ...CARD },
    });

    const error = await rejection(charge(customer, otherCard));

    expect(error.code).toBe('NOT_FOUND');
    expect(await gateway().getPaymentMethod(customer.customerId, otherCard)).toBeUndefined();
    expect(await gateway().listPaymentMethods(customer.customerId)).toEqual([]);
  });

  it('refuses a charge under €0.50, as the provider does', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4242424242424242', ...CARD },
    });

    const error = await rejection(charge(customer, card, { amountCents: 49 }));

    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toEqual({ amountCents: 'validation.invalid' });
  });

  it('answers undefined for unknown intents', async () => {
    expect(await gateway().getPaymentIntent('pi_missing')).toBeUndefined();
    expect(await gateway().getSetupIntent('seti_missing')).toBeUndefined();
  });
});

describe('sandbox gateway: cancellations and refunds', () => {
  async function storedIntent(id: string) {
    const [row] = await test.app.deps.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, id));
    return row;
  }

  it('cancels an intent awaiting its challenge, which then cannot pass', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4000002500003155', ...CARD },
    });
    const intent = await charge(customer, card);

    const canceled = await gateway().cancelPaymentIntent(intent.id);
    const challenge = await rejection(
      gateway().completeChallenge({
        teamId: customer.teamId,
        paymentIntentId: intent.id,
        outcome: 'succeed',
      }),
    );

    expect(canceled).toMatchObject({ id: intent.id, status: 'canceled', nextActionUrl: null });
    expect(challenge.code).toBe('CONFLICT');
    expect((await gateway().getPaymentIntent(intent.id))?.status).toBe('canceled');
    expect(await intentUpdatedJobs()).toEqual([{ paymentIntentId: intent.id }]);
  });

  it('cancels a declined intent and keeps its decline message', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4000000000009995', ...CARD },
    });
    const intent = await charge(customer, card);

    expect(await gateway().cancelPaymentIntent(intent.id)).toMatchObject({
      status: 'canceled',
      lastError: 'Your card has insufficient funds.',
    });
  });

  it('answers a succeeded, processing or canceled intent as it is', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4242424242424242', ...CARD },
    });
    const account = await savePaymentMethod(customer, {
      sepa: { iban: 'AT611904300234573201', ...SEPA },
    });
    const paid = await charge(customer, card);
    const debit = await charge(customer, account);

    expect(await gateway().cancelPaymentIntent(paid.id)).toEqual(paid);
    expect(await gateway().cancelPaymentIntent(debit.id)).toEqual(debit);
    const declined = await charge(
      customer,
      await savePaymentMethod(customer, { card: { number: '4000000000000002', ...CARD } }),
    );
    const canceled = await gateway().cancelPaymentIntent(declined.id);
    expect(await gateway().cancelPaymentIntent(declined.id)).toEqual(canceled);
    expect(await intentUpdatedJobs()).toEqual([{ paymentIntentId: declined.id }]);
  });

  it('refuses to cancel an unknown intent', async () => {
    expect((await rejection(gateway().cancelPaymentIntent('pi_missing'))).code).toBe('NOT_FOUND');
  });

  it('refunds a succeeded intent once, whatever the key', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4242424242424242', ...CARD },
    });
    const intent = await charge(customer, card);
    const refundedAt = test.clock.now();

    await gateway().refundPaymentIntent({ id: intent.id, idempotencyKey: 'refund-1' });
    test.clock.advance(60_000);
    await gateway().refundPaymentIntent({ id: intent.id, idempotencyKey: 'refund-1' });
    await gateway().refundPaymentIntent({ id: intent.id, idempotencyKey: 'refund-2' });

    expect(await storedIntent(intent.id)).toMatchObject({ status: 'succeeded', refundedAt });
    expect(await gateway().getPaymentIntent(intent.id)).toEqual(intent);
  });

  it('refuses to refund an intent that did not succeed, or an unknown one', async () => {
    const customer = await createCustomer();
    const card = await savePaymentMethod(customer, {
      card: { number: '4000002500003155', ...CARD },
    });
    const intent = await charge(customer, card);

    const pending = await rejection(
      gateway().refundPaymentIntent({ id: intent.id, idempotencyKey: 'refund-1' }),
    );
    const unknown = await rejection(
      gateway().refundPaymentIntent({ id: 'pi_missing', idempotencyKey: 'refund-2' }),
    );

    expect(pending.code).toBe('CONFLICT');
    expect(unknown.code).toBe('NOT_FOUND');
    expect((await storedIntent(intent.id))?.refundedAt).toBeNull();
  });
});

describe('sandbox gateway: SEPA debits', () => {
  it('keeps a SEPA debit processing until the delay passes, then succeeds through the job', async () => {
    const customer = await createCustomer();
    const account = await savePaymentMethod(customer, {
      sepa: { iban: 'AT611904300234573201', ...SEPA },
    });

    const intent = await charge(customer, account);

    expect(intent.status).toBe('processing');
    test.clock.advance(9_000);
    await test.app.deps.jobs.runDue();
    expect((await gateway().getPaymentIntent(intent.id))?.status).toBe('processing');

    test.clock.advance(1_000);
    await test.app.deps.jobs.runDue();
    expect(await gateway().getPaymentIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      lastError: null,
    });
    expect(await intentUpdatedJobs()).toEqual([{ paymentIntentId: intent.id }]);
  });

  it('fails the documented failing IBAN after processing', async () => {
    const customer = await createCustomer();
    const account = await savePaymentMethod(customer, {
      sepa: { iban: 'AT861904300235473202', ...SEPA },
    });
    const intent = await charge(customer, account);

    test.clock.advance(10_000);
    await test.app.deps.jobs.runDue();

    expect(await gateway().getPaymentIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: DECLINE_MESSAGES.sepaDebitFailed,
    });
    expect(await intentUpdatedJobs()).toEqual([{ paymentIntentId: intent.id }]);
  });

  it('schedules one settlement for a repeated idempotent SEPA charge', async () => {
    const customer = await createCustomer();
    const account = await savePaymentMethod(customer, {
      sepa: { iban: 'AT611904300234573201', ...SEPA },
    });

    await charge(customer, account, { idempotencyKey: 'renewal-1' });
    await charge(customer, account, { idempotencyKey: 'renewal-1' });

    const settlements = await test.app.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.name, SANDBOX_SEPA_SETTLE_JOB));
    expect(settlements).toHaveLength(1);
  });

  it('refuses an IBAN of a country outside SEPA', async () => {
    const customer = await createCustomer();
    const setup = await gateway().createSetupIntent({
      customerId: customer.customerId,
      type: 'sepa_debit',
    });

    const error = await rejection(
      gateway().confirmSetupIntent({
        teamId: customer.teamId,
        setupIntentId: setup.id,
        details: { sepa: { iban: 'TR330006100519786457841326', ...SEPA } },
      }),
    );

    expect(error.fields).toEqual({ 'sepa.iban': 'validation.iban.notSepa' });
    expect((await gateway().getSetupIntent(setup.id))?.status).toBe('requires_payment_method');
  });
});

describe('sandbox gateway: prices', () => {
  it('creates prices', async () => {
    const price = await gateway().createPrice({
      productId: 'prod_legalmind',
      amountCents: 4900,
      interval: 'MONTH',
    });

    expect(price.id).toMatch(/^price_/);
    expect(gateway().publicConfig).toEqual({ kind: 'sandbox', publishableKey: null });
  });
});
