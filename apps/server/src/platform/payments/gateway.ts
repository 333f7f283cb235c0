/**
 * The payment provider, as the billing module sees it. Shaped on the provider concepts the
 * spec uses (customer, payment method, setup intent, payment intent with client secret and
 * status, price) so that the sandbox and Stripe implementations are interchangeable.
 * Subscriptions, invoices and renewals are ours: the gateway only holds customers, their
 * payment methods, prices and the charges we ask for.
 */

export const PAYMENT_METHOD_TYPES = ['card', 'sepa_debit'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export type PaymentMethod = {
  id: string;
  type: PaymentMethodType;
  /** The card brand (`visa`, `mastercard`…) or the IBAN's country (`ES`). */
  prefix: string;
  last4: string;
  /** The bank code of a SEPA account; null for cards. */
  bankCode: string | null;
  expMonth: number | null;
  expYear: number | null;
};

/** The provider's intent statuses (Stripe's names). */
export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

/** The statuses an intent can still be paid from, and so canceled from. */
export const CANCELABLE_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
] as const satisfies readonly IntentStatus[];

export type SetupIntent = {
  id: string;
  customerId: string;
  type: PaymentMethodType;
  clientSecret: string;
  status: IntentStatus;
  /** Set once the setup succeeded. */
  paymentMethodId: string | null;
};

export type PaymentIntent = {
  id: string;
  customerId: string;
  amountCents: number;
  currency: 'eur';
  clientSecret: string;
  status: IntentStatus;
  paymentMethodId: string | null;
  /** The provider's words for a refused payment, shown to the user. */
  lastError: string | null;
  /** Where the browser completes an authentication (3-D Secure) when requires_action. */
  nextActionUrl: string | null;
  metadata: Record<string, string>;
};

export const PRICE_INTERVALS = ['MONTH', 'YEAR', 'ONE_TIME'] as const;
export type PriceInterval = (typeof PRICE_INTERVALS)[number];

export type PaymentGateway = {
  readonly kind: 'sandbox' | 'stripe';
  /** What the browser needs to collect payment details (Stripe's publishable key). */
  readonly publicConfig: { kind: 'sandbox' | 'stripe'; publishableKey: string | null };

  createCustomer(input: { email: string; name: string; teamId: string }): Promise<{ id: string }>;

  /** Starts saving a payment method; the browser completes it with the client secret. */
  createSetupIntent(input: { customerId: string; type: PaymentMethodType }): Promise<SetupIntent>;
  getSetupIntent(id: string): Promise<SetupIntent | undefined>;

  listPaymentMethods(customerId: string): Promise<PaymentMethod[]>;
  /** Undefined when the method does not exist or belongs to another customer. */
  getPaymentMethod(customerId: string, paymentMethodId: string): Promise<PaymentMethod | undefined>;

  /**
   * Charges a saved payment method at once (confirm on create). The same idempotency key
   * answers the same intent instead of charging twice. `offSession` is true for renewals,
   * where no one is there to authenticate.
   */
  createPaymentIntent(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
    offSession: boolean;
    metadata: Record<string, string>;
  }): Promise<PaymentIntent>;
  getPaymentIntent(id: string): Promise<PaymentIntent | undefined>;
  /**
   * Cancels an intent that still awaits payment (requires_payment_method,
   * requires_confirmation, requires_action) and answers it canceled. Any other intent comes back
   * as it is, so the caller reads what happened to it: `succeeded` was paid and stays paid,
   * `processing` (a SEPA debit on its way) cannot be stopped and may still succeed, `canceled`
   * was canceled before. An unknown id is an error.
   */
  cancelPaymentIntent(id: string): Promise<PaymentIntent>;
  /**
   * Refunds a succeeded intent in full. The same idempotency key refunds once; an intent
   * already refunded in full is left as it is (no error, no second refund).
   */
  refundPaymentIntent(input: { id: string; idempotencyKey: string }): Promise<void>;

  /** A price for a product (administrator's custom prices). */
  createPrice(input: {
    productId: string;
    amountCents: number;
    interval: PriceInterval;
  }): Promise<{ id: string }>;
};

/**
 * The job the billing module handles whenever an intent changes status outside a request:
 * SEPA settling, an authentication completed on the challenge page, a provider webhook.
 */
export const PAYMENT_INTENT_UPDATED_JOB = 'payments.intent_updated';
export type PaymentIntentUpdatedPayload = { paymentIntentId: string };

/**
 * The job the billing module handles when money of a succeeded charge went back to the buyer:
 * returned in full (Stripe's `charge.refunded`, the sandbox's refund; no `refund`), or one
 * refund of the provider, partial or not (Stripe's `refund.created` / `refund.updated`).
 */
export const PAYMENT_REFUNDED_JOB = 'payments.refunded';
export type PaymentRefundedPayload = {
  paymentIntentId: string;
  refund?: { id: string; amountCents: number };
};

/**
 * The job the billing module handles when the bank took a charge back for good: a dispute the
 * merchant lost (Stripe's `charge.dispute.closed` with status `lost`).
 */
export const PAYMENT_DISPUTE_LOST_JOB = 'payments.dispute_lost';
export type PaymentDisputeLostPayload = {
  paymentIntentId: string;
  dispute: { id: string; amountCents: number };
};
