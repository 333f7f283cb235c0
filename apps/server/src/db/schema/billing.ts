import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  type AnyPgColumn,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { neurons, plans, prices } from './catalogue.js';
import { teams } from './teams.js';

/** A team as a customer of the payment provider, and the method renewals are charged to. */
export const billingCustomers = pgTable('billing_customers', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id),
  gatewayCustomerId: text('gateway_customer_id').notNull().unique(),
  defaultPaymentMethodId: text('default_payment_method_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const SUBSCRIPTION_STATUSES = [
  'ACTIVE',
  'INCOMPLETE',
  'INCOMPLETE_EXPIRED',
  'PENDING',
  'PROCESSING',
  'CANCELED',
] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id),
    neuronId: text('neuron_id')
      .notNull()
      .references(() => neurons.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    /** Null for a free plan. */
    priceId: text('price_id').references(() => prices.id),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Set the first time it became ACTIVE: a team that paid never gets the free plan. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** A downgrade waiting for the end of the period. */
    scheduledPriceId: text('scheduled_price_id').references(() => prices.id),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** The last day the discount applies; null while it applies for ever. */
    discountEndsAt: timestamp('discount_ends_at', { withTimezone: true }),
    /** The method that last paid it: renewals are charged to it, else the team's default. */
    paymentMethodId: text('payment_method_id'),
    /** Retries of an unpaid renewal made so far (dunning); back to 0 once it is paid. */
    renewalRetries: integer('renewal_retries').notNull().default(0),
    /** The period end whose coming renewal (or discount end) the owner was told of. */
    renewalNoticeFor: timestamp('renewal_notice_for', { withTimezone: true }),
    createdByAdmin: boolean('created_by_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_team_id_idx').on(table.teamId),
    // One live subscription per neuron and team; ended ones stay as history.
    uniqueIndex('subscriptions_live_unique')
      .on(table.teamId, table.neuronId)
      .where(sql`${table.status} in ('ACTIVE', 'INCOMPLETE', 'PENDING', 'PROCESSING')`),
  ],
);

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;

/** `F` invoices, `R` credit notes (facturas rectificativas): each numbered on its own. */
export const INVOICE_SERIES = ['F', 'R'] as const;
export const TAX_TREATMENTS = ['standard', 'reverse_charge', 'export'] as const;
/** A refund returned the charge; a canceled charge was returned outside the platform. */
export const CREDIT_REASONS = ['refund', 'canceled', 'dispute'] as const;

/**
 * Invoices are numbered without gaps per series and year: this row is locked from the moment
 * one is numbered until its transaction ends.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series', { enum: INVOICE_SERIES }).notNull().default('F'),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    /** `F-2026-000042`, given when the charge is recorded; null until then. */
    number: text('number').unique(),
    series: text('series', { enum: INVOICE_SERIES }).notNull().default('F'),
    /** When it was numbered: the issue date on the document. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** A credit note's original invoice: its credit notes together never exceed it. */
    correctsInvoiceId: uuid('corrects_invoice_id').references((): AnyPgColumn => invoices.id),
    /** The provider's refund or dispute a credit note answers: one credit note each. */
    providerReference: text('provider_reference').unique(),
    /** Why a credit note was issued. */
    creditReason: text('credit_reason', { enum: CREDIT_REASONS }),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    currency: text('currency').notNull().default('eur'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    /** Basis points: 2100 is 21 %. */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    taxTreatment: text('tax_treatment', { enum: TAX_TREATMENTS }).notNull().default('standard'),
    /** The buyer's language when it was made: its documents speak it. */
    language: text('language').notNull().default('en-US'),
    sellerName: text('seller_name').notNull().default(''),
    sellerNif: text('seller_nif').notNull().default(''),
    sellerAddress: text('seller_address').notNull().default(''),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    companyName: text('company_name').notNull().default(''),
    nif: text('nif').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    zip: text('zip').notNull().default(''),
    region: text('region').notNull().default(''),
    country: text('country').notNull().default(''),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    paymentIntentId: text('payment_intent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('invoices_team_id_idx').on(table.teamId),
    index('invoices_subscription_id_idx').on(table.subscriptionId),
    index('invoices_payment_intent_id_idx').on(table.paymentIntentId),
    index('invoices_corrects_invoice_id_idx').on(table.correctsInvoiceId),
  ],
);

export const INVOICE_LINE_TYPES = ['subscription', 'proration', 'discount', 'purchase'] as const;

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type', { enum: INVOICE_LINE_TYPES }).notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [index('invoice_lines_invoice_id_idx').on(table.invoiceId)],
);

export const promotionCodes = pgTable('promotion_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored upper-case; codes are matched case-insensitively. */
  code: text('code').notNull().unique(),
  percentOff: integer('percent_off'),
  amountOffCents: integer('amount_off_cents'),
  /** The prices it applies to; null for every price. */
  priceIds: text('price_ids').array(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** How many months of a subscription the discount applies to; null for as long as it lasts. */
  durationMonths: integer('duration_months'),
  maxRedemptions: integer('max_redemptions'),
  timesRedeemed: integer('times_redeemed').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every live subscription has one access token for its neuron's API. Looked up by hash;
 * kept encrypted too, because the token page shows it again.
 */
export const accessTokens = pgTable('access_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id),
  subscriptionId: uuid('subscription_id')
    .notNull()
    .unique()
    .references(() => subscriptions.id),
  neuronId: text('neuron_id')
    .notNull()
    .references(() => neurons.id),
  tokenHash: text('token_hash').notNull().unique(),
  tokenCiphertext: text('token_ciphertext').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per call to a neuron's API: the monthly meter, statistics and logs read it. */
export const apiCalls = pgTable(
  'api_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id),
    neuronId: text('neuron_id')
      .notNull()
      .references(() => neurons.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    endpoint: text('endpoint').notNull(),
    statusCode: integer('status_code').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** What the call consumed in the neuron's unit (characters, rows…). */
    units: integer('units').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('api_calls_team_neuron_at_idx').on(table.teamId, table.neuronId, table.createdAt),
  ],
);
