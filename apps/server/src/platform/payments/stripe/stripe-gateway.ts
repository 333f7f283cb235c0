import Stripe from 'stripe';
import { AppError } from '../../errors.js';
import {
  INTENT_STATUSES,
  type IntentStatus,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentMethod,
  type PaymentMethodType,
  type PriceInterval,
  type SetupIntent,
} from '../gateway.js';

export type StripeGatewayOptions = { stripe: Stripe; publishableKey: string };

const KNOWN_STATUSES = new Set<string>(INTENT_STATUSES);

const RECURRING: Record<PriceInterval, { interval: 'month' | 'year' } | undefined> = {
  MONTH: { interval: 'month' },
  YEAR: { interval: 'year' },
  ONE_TIME: undefined,
};

/** The gateway on Stripe's API; the browser completes setups and actions with Stripe Elements. */
export class StripePaymentGateway implements PaymentGateway {
  readonly kind = 'stripe';
  readonly publicConfig: { kind: 'stripe'; publishableKey: string };
  private readonly stripe: Stripe;

  constructor(options: StripeGatewayOptions) {
    this.stripe = options.stripe;
    this.publicConfig = { kind: 'stripe', publishableKey: options.publishableKey };
  }

  async createCustomer(input: {
    email: string;
    name: string;
    teamId: string;
  }): Promise<{ id: string }> {
    const customer = await this.stripe.customers.create({
      email: input.email,
      name: input.name,
      metadata: { teamId: input.teamId },
    });
    return { id: customer.id };
  }

  async createSetupIntent(input: {
    customerId: string;
    type: PaymentMethodType;
  }): Promise<SetupIntent> {
    const intent = await this.stripe.setupIntents.create({
      customer: input.customerId,
      allowed_payment_method_types: [input.type],
      usage: 'off_session',
    });
    return toSetupIntent(intent);
  }

  async getSetupIntent(id: string): Promise<SetupIntent | undefined> {
    const intent = await orUndefinedWhenMissing(this.stripe.setupIntents.retrieve(id));
    return intent && toSetupIntent(intent);
  }

  async listPaymentMethods(customerId: string): Promise<PaymentMethod[]> {
    const list = await this.stripe.customers.listPaymentMethods(customerId, { limit: 100 });
    return list.data.flatMap((method) => toPaymentMethod(method) ?? []);
  }

  async getPaymentMethod(
    customerId: string,
    paymentMethodId: string,
  ): Promise<PaymentMethod | undefined> {
    const method = await orUndefinedWhenMissing(
      this.stripe.paymentMethods.retrieve(paymentMethodId),
    );
    if (!method || idOf(method.customer) !== customerId) return undefined;
    return toPaymentMethod(method);
  }

  async createPaymentIntent(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
    offSession: boolean;
    metadata: Record<string, string>;
  }): Promise<PaymentIntent> {
    const method = await this.getPaymentMethod(input.customerId, input.paymentMethodId);
    if (!method) throw new AppError('NOT_FOUND', { message: 'No such payment method.' });
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          customer: input.customerId,
          payment_method: method.id,
          allowed_payment_method_types: [method.type],
          confirm: true,
          // A saved SEPA account is debited under the mandate accepted when it was saved.
          off_session: input.offSession || method.type === 'sepa_debit',
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toPaymentIntent(intent);
    } catch (error) {
      // A declined confirmation is an answer, not a failure: Stripe sends the intent with it.
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
        return toPaymentIntent(error.payment_intent);
      }
      if (error instanceof Stripe.errors.StripeIdempotencyError) {
        throw new AppError('CONFLICT', {
          reason: 'PAYMENT_STATE_CONFLICT',
          message: error.message,
        });
      }
      throw error;
    }
  }

  async getPaymentIntent(id: string): Promise<PaymentIntent | undefined> {
    const intent = await orUndefinedWhenMissing(this.stripe.paymentIntents.retrieve(id));
    return intent && toPaymentIntent(intent);
  }

  async cancelPaymentIntent(id: string): Promise<PaymentIntent> {
    try {
      return toPaymentIntent(
        await this.stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }),
      );
    } catch (error) {
      // Succeeded, processing or canceled before: Stripe refuses and sends the intent as it is.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'payment_intent_unexpected_state'
      ) {
        return toPaymentIntent(
          error.payment_intent ?? (await this.stripe.paymentIntents.retrieve(id)),
        );
      }
      throw error;
    }
  }

  async refundPaymentIntent(input: { id: string; idempotencyKey: string }): Promise<void> {
    try {
      await this.stripe.refunds.create(
        { payment_intent: input.id },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      // Refunded in full before (a key older than Stripe's 24 hours): nothing left to refund.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'charge_already_refunded'
      ) {
        return;
      }
      throw error;
    }
  }

  async createPrice(input: {
    productId: string;
    amountCents: number;
    interval: PriceInterval;
  }): Promise<{ id: string }> {
    const recurring = RECURRING[input.interval];
    const price = await this.stripe.prices.create({
      product: input.productId,
      unit_amount: input.amountCents,
      currency: 'eur',
      ...(recurring ? { recurring } : {}),
    });
    return { id: price.id };
  }
}

export function toSetupIntent(intent: Stripe.SetupIntent): SetupIntent {
  const types = intent.allowed_payment_method_types ?? intent.payment_method_types;
  const type = types.includes('sepa_debit') ? 'sepa_debit' : 'card';
  return {
    id: intent.id,
    customerId: idOf(intent.customer) ?? '',
    type,
    clientSecret: intent.client_secret ?? '',
    status: toIntentStatus(intent.status),
    paymentMethodId: intent.status === 'succeeded' ? idOf(intent.payment_method) : null,
  };
}

export function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    customerId: idOf(intent.customer) ?? '',
    amountCents: intent.amount,
    currency: 'eur',
    clientSecret: intent.client_secret ?? '',
    status: toIntentStatus(intent.status),
    paymentMethodId: idOf(intent.payment_method),
    lastError: intent.last_payment_error?.message ?? null,
    nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
    metadata: intent.metadata,
  };
}

/** Cards and SEPA accounts; a method of another type (none is set up here) is left out. */
export function toPaymentMethod(method: Stripe.PaymentMethod): PaymentMethod | undefined {
  if (method.type === 'card' && method.card) {
    return {
      id: method.id,
      type: 'card',
      prefix: method.card.brand,
      last4: method.card.last4,
      bankCode: null,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
    };
  }
  if (method.type === 'sepa_debit' && method.sepa_debit) {
    return {
      id: method.id,
      type: 'sepa_debit',
      prefix: method.sepa_debit.country ?? '',
      last4: method.sepa_debit.last4 ?? '',
      bankCode: method.sepa_debit.bank_code,
      expMonth: null,
      expYear: null,
    };
  }
  return undefined;
}

/** Ours are captured at once; `requires_capture` (a manual capture) counts as processing. */
function toIntentStatus(status: string): IntentStatus {
  if (status === 'requires_capture') return 'processing';
  if (isIntentStatus(status)) return status;
  throw new Error(`Stripe answered an unknown intent status "${status}"`);
}

function isIntentStatus(status: string): status is IntentStatus {
  return KNOWN_STATUSES.has(status);
}

function idOf(value: string | { id: string } | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Stripe answers 404 `resource_missing` for an unknown id; the interface says undefined. */
async function orUndefinedWhenMissing<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      return undefined;
    }
    throw error;
  }
}
