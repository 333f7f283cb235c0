import { randomBytes } from 'node:crypto';
import { VALIDATION } from '@app/contracts';
import type { Database, Executor } from '../../../db/client.js';
import type { Clock } from '../../clock.js';
import { AppError, validationError } from '../../errors.js';
import type { JobQueue } from '../../jobs.js';
import {
  CANCELABLE_INTENT_STATUSES,
  PAYMENT_INTENT_UPDATED_JOB,
  PAYMENT_REFUNDED_JOB,
  type PaymentRefundedPayload,
  type IntentStatus,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentMethod,
  type PaymentMethodType,
  type PaymentIntentUpdatedPayload,
  type PriceInterval,
  type SetupIntent,
} from '../gateway.js';
import {
  completeSetupIntent,
  customerExists,
  findPaymentIntent,
  findPaymentIntentByIdempotencyKey,
  findPaymentMethod,
  findPaymentMethods,
  findSetupIntent,
  findTeamPaymentIntent,
  findTeamSetupIntent,
  insertCustomer,
  insertPaymentIntent,
  insertPaymentMethod,
  insertPrice,
  insertSetupIntent,
  refundPaymentIntent,
  transitionPaymentIntent,
  type SandboxPaymentIntentRow,
  type SandboxPaymentMethodRow,
  type SandboxSetupIntentRow,
} from './repository.js';
import { DECLINE_MESSAGES, checkPaymentDetails, type PaymentDetails } from './test-data.js';

/** The sandbox job that settles a SEPA debit after the configured delay. */
export const SANDBOX_SEPA_SETTLE_JOB = 'payments.sandbox.sepa_settle';

/** Stripe's smallest euro charge; the sandbox refuses less, as the provider would. */
const MINIMUM_CHARGE_CENTS = 50;

export type SandboxGatewayOptions = {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  /** The web app's address: the 3-D Secure challenge page lives there. */
  publicUrl: string;
  sepaDelaySeconds: number;
};

export type ChallengeOutcome = 'succeed' | 'fail';

/**
 * The built-in payment provider: a real local implementation in the app's database with the
 * provider's well-known test behaviour (see test-data.ts and the README's Payments section).
 */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly kind = 'sandbox';
  readonly publicConfig = { kind: 'sandbox', publishableKey: null } as const;

  constructor(private readonly options: SandboxGatewayOptions) {}

  async createCustomer(input: {
    email: string;
    name: string;
    teamId: string;
  }): Promise<{ id: string }> {
    const id = newId('cus');
    await insertCustomer(this.options.db, { id, ...input, createdAt: this.now() });
    return { id };
  }

  async createSetupIntent(input: {
    customerId: string;
    type: PaymentMethodType;
  }): Promise<SetupIntent> {
    if (!(await customerExists(this.options.db, input.customerId))) throw noSuch('customer');
    const id = newId('seti');
    const row = await insertSetupIntent(this.options.db, {
      id,
      customerId: input.customerId,
      type: input.type,
      clientSecret: clientSecret(id),
      status: 'requires_payment_method',
      createdAt: this.now(),
    });
    return toSetupIntent(row);
  }

  async getSetupIntent(id: string): Promise<SetupIntent | undefined> {
    const row = await findSetupIntent(this.options.db, id);
    return row && toSetupIntent(row);
  }

  /**
   * What the provider's browser library does with the client secret: checks the card or
   * IBAN and saves the payment method. Sandbox only; `teamId` scopes it to the caller.
   */
  async confirmSetupIntent(input: {
    teamId: string;
    setupIntentId: string;
    details: PaymentDetails;
  }): Promise<SetupIntent> {
    const intent = await findTeamSetupIntent(this.options.db, input.teamId, input.setupIntentId);
    if (!intent) throw noSuch('setup intent');
    if (intent.status !== 'requires_payment_method') throw alreadyConfirmed();
    const expected = intent.type === 'card' ? 'card' : 'sepa';
    if (!(expected in input.details)) {
      throw validationError(
        { [expected]: VALIDATION.required },
        `This setup intent saves a ${intent.type === 'card' ? 'card' : 'SEPA bank account'}.`,
      );
    }
    const method = checkPaymentDetails(input.details, this.now());
    const paymentMethodId = newId('pm');
    const row = await this.options.db.transaction(async (tx) => {
      await insertPaymentMethod(tx, {
        id: paymentMethodId,
        customerId: intent.customerId,
        ...method,
        createdAt: this.now(),
      });
      const completed = await completeSetupIntent(tx, intent.id, paymentMethodId);
      if (!completed) throw alreadyConfirmed();
      return completed;
    });
    return toSetupIntent(row);
  }

  async listPaymentMethods(customerId: string): Promise<PaymentMethod[]> {
    const rows = await findPaymentMethods(this.options.db, customerId);
    return rows.map(toPaymentMethod);
  }

  async getPaymentMethod(
    customerId: string,
    paymentMethodId: string,
  ): Promise<PaymentMethod | undefined> {
    const row = await findPaymentMethod(this.options.db, customerId, paymentMethodId);
    return row && toPaymentMethod(row);
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
    if (!Number.isInteger(input.amountCents) || input.amountCents < MINIMUM_CHARGE_CENTS) {
      throw validationError(
        { amountCents: VALIDATION.invalid },
        'Amount must be at least €0.50 (50 cents).',
      );
    }
    const { db } = this.options;
    const earlier = await findPaymentIntentByIdempotencyKey(
      db,
      input.customerId,
      input.idempotencyKey,
    );
    if (earlier) return this.replay(earlier, input);
    const method = await findPaymentMethod(db, input.customerId, input.paymentMethodId);
    if (!method) throw noSuch('payment method');

    const id = newId('pi');
    const now = this.now();
    const outcome = chargeOutcome(method, input.offSession);
    const inserted = await db.transaction(async (tx) => {
      const row = await insertPaymentIntent(tx, {
        id,
        customerId: input.customerId,
        paymentMethodId: method.id,
        amountCents: input.amountCents,
        currency: 'eur',
        description: input.description,
        clientSecret: clientSecret(id),
        status: outcome.status,
        lastError: outcome.lastError,
        offSession: input.offSession,
        idempotencyKey: input.idempotencyKey,
        metadata: input.metadata,
        createdAt: now,
        updatedAt: now,
      });
      if (row?.status === 'processing') await this.scheduleSepaSettlement(tx, row.id);
      return row;
    });
    if (inserted) return this.toPaymentIntent(inserted);
    // Another request with the same key won the insert: answer its intent.
    const winner = await findPaymentIntentByIdempotencyKey(
      db,
      input.customerId,
      input.idempotencyKey,
    );
    if (!winner) throw new Error('the idempotent payment intent vanished');
    return this.replay(winner, input);
  }

  async getPaymentIntent(id: string): Promise<PaymentIntent | undefined> {
    const row = await findPaymentIntent(this.options.db, id);
    return row && this.toPaymentIntent(row);
  }

  async cancelPaymentIntent(id: string): Promise<PaymentIntent> {
    const canceled = await this.transition({
      paymentIntentId: id,
      from: CANCELABLE_INTENT_STATUSES,
      to: 'canceled',
    });
    if (canceled) return this.toPaymentIntent(canceled);
    // Succeeded, processing or canceled before: answered as it is.
    const row = await findPaymentIntent(this.options.db, id);
    if (!row) throw noSuch('payment intent');
    return this.toPaymentIntent(row);
  }

  /** The sandbox refunds an intent at most once, whatever the key. */
  async refundPaymentIntent(input: { id: string; idempotencyKey: string }): Promise<void> {
    const { db } = this.options;
    const refunded = await db.transaction(async (tx) => {
      const row = await refundPaymentIntent(tx, { paymentIntentId: input.id, at: this.now() });
      // As Stripe's `charge.refunded` webhook tells of a refund, wherever it was made.
      if (row) {
        const payload: PaymentRefundedPayload = { paymentIntentId: row.id };
        await this.options.jobs.enqueue(PAYMENT_REFUNDED_JOB, payload, { tx });
      }
      return row;
    });
    if (refunded) return;
    const row = await findPaymentIntent(db, input.id);
    if (!row) throw noSuch('payment intent');
    if (row.status !== 'succeeded') {
      throw new AppError('CONFLICT', {
        reason: 'PAYMENT_STATE_CONFLICT',
        message: 'Only a succeeded payment can be refunded.',
      });
    }
  }

  /** The intent the challenge page shows. Sandbox only; `teamId` scopes it to the caller. */
  async getTeamPaymentIntent(input: {
    teamId: string;
    paymentIntentId: string;
  }): Promise<PaymentIntent> {
    const row = await findTeamPaymentIntent(this.options.db, input.teamId, input.paymentIntentId);
    if (!row) throw noSuch('payment intent');
    return this.toPaymentIntent(row);
  }

  /**
   * Answers the 3-D Secure challenge of an intent that requires action (the challenge page's
   * buttons); one canceled meanwhile (its invoice was paid another way) is a conflict. Sandbox
   * only; `teamId` scopes it to the caller.
   */
  async completeChallenge(input: {
    teamId: string;
    paymentIntentId: string;
    outcome: ChallengeOutcome;
  }): Promise<PaymentIntent> {
    const intent = await findTeamPaymentIntent(
      this.options.db,
      input.teamId,
      input.paymentIntentId,
    );
    if (!intent) throw noSuch('payment intent');
    const changed = await this.transition({
      paymentIntentId: intent.id,
      from: 'requires_action',
      ...(input.outcome === 'succeed'
        ? { to: 'succeeded', lastError: null }
        : { to: 'requires_payment_method', lastError: DECLINE_MESSAGES.authenticationFailed }),
    });
    if (!changed) {
      throw new AppError('CONFLICT', {
        reason: 'PAYMENT_STATE_CONFLICT',
        message: 'This payment does not await authentication.',
      });
    }
    return this.toPaymentIntent(changed);
  }

  /** The SEPA settle job: the bank's answer after the delay. */
  async settleSepaDebit(paymentIntentId: string): Promise<void> {
    const intent = await findPaymentIntent(this.options.db, paymentIntentId);
    if (intent?.status !== 'processing') return;
    const method = await findPaymentMethod(
      this.options.db,
      intent.customerId,
      intent.paymentMethodId,
    );
    const declineMessage = method?.declineMessage ?? null;
    await this.transition({
      paymentIntentId,
      from: 'processing',
      ...(declineMessage
        ? { to: 'requires_payment_method', lastError: declineMessage }
        : { to: 'succeeded', lastError: null }),
    });
  }

  async createPrice(input: {
    productId: string;
    amountCents: number;
    interval: PriceInterval;
  }): Promise<{ id: string }> {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 0) {
      throw validationError(
        { amountCents: VALIDATION.invalid },
        'The price must be whole cents, 0 or more.',
      );
    }
    const id = newId('price');
    await insertPrice(this.options.db, { id, currency: 'eur', ...input, createdAt: this.now() });
    return { id };
  }

  /** Changes the status and tells the billing module, in one transaction. */
  private async transition(change: {
    paymentIntentId: string;
    from: IntentStatus | readonly IntentStatus[];
    to: IntentStatus;
    lastError?: string | null;
  }): Promise<SandboxPaymentIntentRow | undefined> {
    return this.options.db.transaction(async (tx) => {
      const row = await transitionPaymentIntent(tx, { ...change, at: this.now() });
      if (row) {
        const payload: PaymentIntentUpdatedPayload = { paymentIntentId: row.id };
        await this.options.jobs.enqueue(PAYMENT_INTENT_UPDATED_JOB, payload, { tx });
      }
      return row;
    });
  }

  private async scheduleSepaSettlement(tx: Executor, paymentIntentId: string): Promise<void> {
    const runAt = new Date(this.now().getTime() + this.options.sepaDelaySeconds * 1000);
    await this.options.jobs.enqueue(SANDBOX_SEPA_SETTLE_JOB, { paymentIntentId }, { tx, runAt });
  }

  /** The same key answers the same intent, as long as it asks for the same charge. */
  private replay(
    earlier: SandboxPaymentIntentRow,
    input: { paymentMethodId: string; amountCents: number },
  ): PaymentIntent {
    if (
      earlier.paymentMethodId !== input.paymentMethodId ||
      earlier.amountCents !== input.amountCents
    ) {
      throw new AppError('CONFLICT', {
        reason: 'PAYMENT_STATE_CONFLICT',
        message:
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      });
    }
    return this.toPaymentIntent(earlier);
  }

  private toPaymentIntent(row: SandboxPaymentIntentRow): PaymentIntent {
    return {
      id: row.id,
      customerId: row.customerId,
      amountCents: row.amountCents,
      currency: row.currency,
      clientSecret: row.clientSecret,
      status: row.status,
      paymentMethodId: row.paymentMethodId,
      lastError: row.lastError,
      nextActionUrl:
        row.status === 'requires_action'
          ? `${this.options.publicUrl}/sandbox/challenge/${row.id}`
          : null,
      metadata: row.metadata,
    };
  }

  private now(): Date {
    return this.options.clock.now();
  }
}

/**
 * How a charge on a saved method ends at once. A card that needs 3-D Secure cannot be
 * authenticated off-session (a renewal): like Stripe's `authentication_required` decline, the
 * intent goes back to requires_payment_method, so the owner is asked to pay on-session.
 */
function chargeOutcome(
  method: SandboxPaymentMethodRow,
  offSession: boolean,
): { status: IntentStatus; lastError: string | null } {
  if (method.type === 'sepa_debit') return { status: 'processing', lastError: null };
  if (method.requiresAuthentication) {
    return offSession
      ? { status: 'requires_payment_method', lastError: DECLINE_MESSAGES.authenticationRequired }
      : { status: 'requires_action', lastError: null };
  }
  if (method.declineMessage) {
    return { status: 'requires_payment_method', lastError: method.declineMessage };
  }
  return { status: 'succeeded', lastError: null };
}

function toSetupIntent(row: SandboxSetupIntentRow): SetupIntent {
  return {
    id: row.id,
    customerId: row.customerId,
    type: row.type,
    clientSecret: row.clientSecret,
    status: row.status,
    paymentMethodId: row.paymentMethodId,
  };
}

function toPaymentMethod(row: SandboxPaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    type: row.type,
    prefix: row.prefix,
    last4: row.last4,
    bankCode: row.bankCode,
    expMonth: row.expMonth,
    expYear: row.expYear,
  };
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function clientSecret(id: string): string {
  return `${id}_secret_${randomBytes(12).toString('hex')}`;
}

function noSuch(what: string): AppError {
  return new AppError('NOT_FOUND', { message: `No such ${what}.` });
}

function alreadyConfirmed(): AppError {
  return new AppError('CONFLICT', {
    reason: 'PAYMENT_STATE_CONFLICT',
    message: 'This setup intent was already confirmed.',
  });
}
