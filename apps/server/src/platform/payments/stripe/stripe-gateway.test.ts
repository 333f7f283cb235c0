import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { startRecordedStripeServer, type RecordedStripeServer } from './recorded-stripe-server.js';
import { StripePaymentGateway } from './stripe-gateway.js';

const CUSTOMER = 'cus_RkT8Qe3vXz1aBc';
const CARD = 'pm_1QpL3oK8Wx3yZ4aBcArD0001';
const SEPA = 'pm_1QpLAaK8Wx3yZ4aBsEpA0001';

let server: RecordedStripeServer;
let gateway: StripePaymentGateway;

beforeAll(async () => {
  server = await startRecordedStripeServer();
  gateway = new StripePaymentGateway({ stripe: server.stripe, publishableKey: 'pk_test_51QpKZZ' });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
});

function lastRequest() {
  const request = server.requests.at(-1);
  if (!request) throw new Error('no request reached the recorded server');
  return request;
}

function chargeCard(paymentMethodId = CARD, offSession = false) {
  return gateway.createPaymentIntent({
    customerId: CUSTOMER,
    paymentMethodId,
    amountCents: 2900,
    description: 'LegalMind Pro, monthly',
    idempotencyKey: 'checkout-1',
    offSession,
    metadata: { subscriptionId: 'b7f3c1de-2a4b-4c5d-8e9f-0a1b2c3d4e5f' },
  });
}

describe('Stripe gateway', () => {
  it('tells the browser to use Stripe Elements with the publishable key', () => {
    expect(gateway.publicConfig).toEqual({ kind: 'stripe', publishableKey: 'pk_test_51QpKZZ' });
  });

  it('creates a customer with the team in its metadata', async () => {
    server.answer('POST /v1/customers', 200, 'customer');

    const customer = await gateway.createCustomer({
      email: 'owner@acme-industries.com',
      name: 'Acme Industries',
      teamId: '0b9c1f0e-6a57-4c43-9d55-3f1c2a7e8b10',
    });

    expect(customer).toEqual({ id: CUSTOMER });
    expect(Object.fromEntries(lastRequest().body)).toEqual({
      email: 'owner@acme-industries.com',
      name: 'Acme Industries',
      'metadata[teamId]': '0b9c1f0e-6a57-4c43-9d55-3f1c2a7e8b10',
    });
  });

  it('creates a setup intent for one payment method type, for later off-session use', async () => {
    server.answer('POST /v1/setup_intents', 200, 'setup-intent-card');

    const intent = await gateway.createSetupIntent({ customerId: CUSTOMER, type: 'card' });

    expect(intent).toEqual({
      id: 'seti_1QpL2mK8Wx3yZ4aB5cD6eF7g',
      customerId: CUSTOMER,
      type: 'card',
      clientSecret: 'seti_1QpL2mK8Wx3yZ4aB5cD6eF7g_secret_RkTAbCdEfGhIjKlMnOpQrStUvWxYz01',
      status: 'requires_payment_method',
      paymentMethodId: null,
    });
    expect(lastRequest().body.get('allowed_payment_method_types[0]')).toBe('card');
    expect(lastRequest().body.get('usage')).toBe('off_session');
  });

  it('reads a succeeded SEPA setup intent with its payment method', async () => {
    server.answer(
      'GET /v1/setup_intents/seti_1QpL9nK8Wx3yZ4aB0sEpA001',
      200,
      'setup-intent-sepa-succeeded',
    );

    const intent = await gateway.getSetupIntent('seti_1QpL9nK8Wx3yZ4aB0sEpA001');

    expect(intent).toMatchObject({
      type: 'sepa_debit',
      status: 'succeeded',
      paymentMethodId: SEPA,
    });
  });

  it('answers undefined for an unknown setup or payment intent', async () => {
    server.answer('GET /v1/setup_intents/seti_missing', 404, 'error-resource-missing');
    server.answer('GET /v1/payment_intents/pi_missing', 404, 'error-resource-missing');

    expect(await gateway.getSetupIntent('seti_missing')).toBeUndefined();
    expect(await gateway.getPaymentIntent('pi_missing')).toBeUndefined();
  });

  it('lists cards and SEPA accounts, leaving out other types', async () => {
    server.answer(`GET /v1/customers/${CUSTOMER}/payment_methods`, 200, 'payment-methods-list');

    const methods = await gateway.listPaymentMethods(CUSTOMER);

    expect(methods).toEqual([
      {
        id: SEPA,
        type: 'sepa_debit',
        prefix: 'AT',
        last4: '3201',
        bankCode: '19043',
        expMonth: null,
        expYear: null,
      },
      {
        id: CARD,
        type: 'card',
        prefix: 'visa',
        last4: '4242',
        bankCode: null,
        expMonth: 12,
        expYear: 2030,
      },
    ]);
  });

  it("hides another customer's payment method and refuses to charge it", async () => {
    const other = 'pm_1QpLCcK8Wx3yZ4aBoThEr001';
    server.answer(`GET /v1/payment_methods/${other}`, 200, 'payment-method-other-customer');

    expect(await gateway.getPaymentMethod(CUSTOMER, other)).toBeUndefined();
    const error: unknown = await chargeCard(other).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('NOT_FOUND');
    expect(server.requests.some((request) => request.path === '/v1/payment_intents')).toBe(false);
  });

  it('charges a saved card at once with the idempotency key', async () => {
    server.answer(`GET /v1/payment_methods/${CARD}`, 200, 'payment-method-card');
    server.answer('POST /v1/payment_intents', 200, 'payment-intent-succeeded');

    const intent = await chargeCard();

    expect(intent).toEqual({
      id: 'pi_3QpLDdK8Wx3yZ4aB0pAy0001',
      customerId: CUSTOMER,
      amountCents: 2900,
      currency: 'eur',
      clientSecret: 'pi_3QpLDdK8Wx3yZ4aB0pAy0001_secret_Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2J',
      status: 'succeeded',
      paymentMethodId: CARD,
      lastError: null,
      nextActionUrl: null,
      metadata: { subscriptionId: 'b7f3c1de-2a4b-4c5d-8e9f-0a1b2c3d4e5f' },
    });
    const request = lastRequest();
    expect(request.idempotencyKey).toBe('checkout-1');
    expect(Object.fromEntries(request.body)).toMatchObject({
      amount: '2900',
      currency: 'eur',
      customer: CUSTOMER,
      payment_method: CARD,
      'allowed_payment_method_types[0]': 'card',
      confirm: 'true',
      off_session: 'false',
    });
  });

  it('maps a card that needs 3-D Secure to requires_action', async () => {
    server.answer(`GET /v1/payment_methods/${CARD}`, 200, 'payment-method-card');
    server.answer('POST /v1/payment_intents', 200, 'payment-intent-requires-action');

    const intent = await chargeCard();

    expect(intent).toMatchObject({ status: 'requires_action', nextActionUrl: null });
  });

  it('passes on the authentication address of a redirect', async () => {
    server.answer(`GET /v1/payment_methods/${CARD}`, 200, 'payment-method-card');
    server.answer('POST /v1/payment_intents', 200, 'payment-intent-redirect');

    const intent = await chargeCard();

    expect(intent.nextActionUrl).toMatch(/^https:\/\/hooks\.stripe\.com\/redirect\/authenticate\//);
  });

  it('answers a declined card with the intent Stripe sends in the error', async () => {
    server.answer(`GET /v1/payment_methods/${CARD}`, 200, 'payment-method-card');
    server.answer('POST /v1/payment_intents', 402, 'error-card-declined');

    const intent = await chargeCard();

    expect(intent).toMatchObject({
      id: 'pi_3QpLIiK8Wx3yZ4aB0pAy0005',
      status: 'requires_payment_method',
      lastError: 'Your card has insufficient funds.',
      paymentMethodId: null,
    });
  });

  it('answers an off-session charge that needs authentication as requires_payment_method', async () => {
    server.answer(`GET /v1/payment_methods/${CARD}`, 200, 'payment-method-card');
    server.answer('POST /v1/payment_intents', 402, 'error-authentication-required');

    const intent = await chargeCard(CARD, true);

    expect(lastRequest().body.get('off_session')).toBe('true');
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card was declined. This transaction requires authentication.',
    });
  });

  it('debits a saved SEPA account off-session, under its mandate, and reads processing', async () => {
    server.answer(`GET /v1/payment_methods/${SEPA}`, 200, 'payment-method-sepa');
    server.answer('POST /v1/payment_intents', 200, 'payment-intent-processing');

    const intent = await chargeCard(SEPA);

    expect(intent.status).toBe('processing');
    expect(Object.fromEntries(lastRequest().body)).toMatchObject({
      'allowed_payment_method_types[0]': 'sepa_debit',
      off_session: 'true',
    });
  });

  it('turns a reused idempotency key with other parameters into a conflict', async () => {
    server.answer(`GET /v1/payment_methods/${CARD}`, 200, 'payment-method-card');
    server.answer('POST /v1/payment_intents', 400, 'error-idempotency');

    const error: unknown = await chargeCard().catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('CONFLICT');
  });

  it('reads a payment intent', async () => {
    server.answer(
      'GET /v1/payment_intents/pi_3QpLHhK8Wx3yZ4aB0pAy0004',
      200,
      'payment-intent-processing',
    );

    const intent = await gateway.getPaymentIntent('pi_3QpLHhK8Wx3yZ4aB0pAy0004');

    expect(intent).toMatchObject({
      status: 'processing',
      paymentMethodId: SEPA,
      amountCents: 2900,
    });
  });

  it('cancels an intent awaiting authentication, as abandoned', async () => {
    const id = 'pi_3QpLEeK8Wx3yZ4aB0pAy0002';
    server.answer(`POST /v1/payment_intents/${id}/cancel`, 200, 'payment-intent-canceled');

    const intent = await gateway.cancelPaymentIntent(id);

    expect(intent).toMatchObject({ id, status: 'canceled', nextActionUrl: null });
    expect(Object.fromEntries(lastRequest().body)).toEqual({ cancellation_reason: 'abandoned' });
  });

  it('answers a succeeded intent as it is when Stripe refuses to cancel it', async () => {
    const id = 'pi_3QpLDdK8Wx3yZ4aB0pAy0001';
    server.answer(
      `POST /v1/payment_intents/${id}/cancel`,
      400,
      'error-payment-intent-unexpected-state',
    );

    const intent = await gateway.cancelPaymentIntent(id);

    expect(intent).toMatchObject({ id, status: 'succeeded', paymentMethodId: CARD });
  });

  it('passes on any other refusal to cancel', async () => {
    server.answer('POST /v1/payment_intents/pi_missing/cancel', 404, 'error-resource-missing');

    const error: unknown = await gateway
      .cancelPaymentIntent('pi_missing')
      .catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
  });

  it('refunds a succeeded intent in full with the idempotency key', async () => {
    server.answer('POST /v1/refunds', 200, 'refund');

    await gateway.refundPaymentIntent({
      id: 'pi_3QpLDdK8Wx3yZ4aB0pAy0001',
      idempotencyKey: 'refund-superseded-pi_3QpLDdK8Wx3yZ4aB0pAy0001',
    });

    const request = lastRequest();
    expect(request.idempotencyKey).toBe('refund-superseded-pi_3QpLDdK8Wx3yZ4aB0pAy0001');
    expect(Object.fromEntries(request.body)).toEqual({
      payment_intent: 'pi_3QpLDdK8Wx3yZ4aB0pAy0001',
    });
  });

  it('takes an intent refunded before as refunded', async () => {
    server.answer('POST /v1/refunds', 400, 'error-charge-already-refunded');

    await expect(
      gateway.refundPaymentIntent({ id: 'pi_3QpLDdK8Wx3yZ4aB0pAy0001', idempotencyKey: 'later' }),
    ).resolves.toBeUndefined();
  });

  it('creates a monthly price for a product', async () => {
    server.answer('POST /v1/prices', 200, 'price');

    const price = await gateway.createPrice({
      productId: 'prod_RkTLegalMindPro',
      amountCents: 4900,
      interval: 'MONTH',
    });

    expect(price).toEqual({ id: 'price_1QpLJjK8Wx3yZ4aBcUsT0001' });
    expect(Object.fromEntries(lastRequest().body)).toEqual({
      product: 'prod_RkTLegalMindPro',
      unit_amount: '4900',
      currency: 'eur',
      'recurring[interval]': 'month',
    });
  });

  it('creates a one-time price without recurrence', async () => {
    server.answer('POST /v1/prices', 200, 'price');

    await gateway.createPrice({
      productId: 'prod_RkTLegalMindPro',
      amountCents: 4900,
      interval: 'ONE_TIME',
    });

    expect(lastRequest().body.has('recurring[interval]')).toBe(false);
  });
});
