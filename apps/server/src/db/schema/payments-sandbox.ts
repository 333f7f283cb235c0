import {
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  INTENT_STATUSES,
  PAYMENT_METHOD_TYPES,
  PRICE_INTERVALS,
} from '../../platform/payments/gateway.js';
import { teams } from './teams.js';

/**
 * The built-in sandbox payment provider's own records, shaped like the provider's objects.
 * Ids look like the provider's (`cus_…`, `pm_…`, `pi_…`) so the two gateways read alike.
 */

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Never the full card number, CVC or IBAN: what a provider shows back, plus the test outcome. */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id')
    .notNull()
    .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
  type: text('type', { enum: PAYMENT_METHOD_TYPES }).notNull(),
  prefix: text('prefix').notNull(),
  last4: text('last4').notNull(),
  bankCode: text('bank_code'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  /** The well-known test numbers decide how charges end; see sandbox/test-data.ts. */
  requiresAuthentication: boolean('requires_authentication').notNull().default(false),
  declineMessage: text('decline_message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  customerId: text('customer_id')
    .notNull()
    .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
  type: text('type', { enum: PAYMENT_METHOD_TYPES }).notNull(),
  clientSecret: text('client_secret').notNull(),
  status: text('status', { enum: INTENT_STATUSES }).notNull(),
  paymentMethodId: text('payment_method_id').references(() => sandboxPaymentMethods.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: 'cascade' }),
    paymentMethodId: text('payment_method_id')
      .notNull()
      .references(() => sandboxPaymentMethods.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: ['eur'] }).notNull(),
    description: text('description').notNull(),
    clientSecret: text('client_secret').notNull(),
    status: text('status', { enum: INTENT_STATUSES }).notNull(),
    lastError: text('last_error'),
    offSession: boolean('off_session').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** Set when a succeeded intent is refunded in full; it stays `succeeded`, as with Stripe. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    unique('sandbox_payment_intents_idempotency_key').on(table.customerId, table.idempotencyKey),
  ],
);

export const sandboxPrices = pgTable('sandbox_prices', {
  id: text('id').primaryKey(),
  productId: text('product_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency', { enum: ['eur'] }).notNull(),
  interval: text('interval', { enum: PRICE_INTERVALS }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
