import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Language } from '@app/contracts';
import { teams } from './teams.js';

/**
 * A name and description in the languages other than English (the `name` and `description`
 * columns are English), e.g. `{ "es": { "name": "Básico", "description": "…" } }`.
 */
export type CatalogueTranslations = Partial<
  Record<Language, { name: string; description: string }>
>;

/** The add-on modules sold by subscription. The id is the name the API paths use. */
export const neurons = pgTable('neurons', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  translations: jsonb('translations').$type<CatalogueTranslations>().notNull().default({}),
  imageUrl: text('image_url').notNull(),
  /** The web route of the module, under /neurons. */
  path: text('path').notNull(),
  /** Where its API is served, below PUBLIC_URL (`/v1/text/english`); shown on the token page. */
  apiPath: text('api_path').notNull(),
  position: integer('position').notNull(),
});

export const PLAN_GROUPS = ['cloud', 'edge'] as const;

/** A neuron's plan and its limits; a null limit is unlimited or not applicable. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    neuronId: text('neuron_id')
      .notNull()
      .references(() => neurons.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    translations: jsonb('translations').$type<CatalogueTranslations>().notNull().default({}),
    /** Orders the plans of a neuron: a higher rank is an upgrade. */
    rank: integer('rank').notNull(),
    group: text('group', { enum: PLAN_GROUPS }).notNull().default('cloud'),
    isFree: boolean('is_free').notNull().default(false),
    /** Sold by talking to us: the card shows "Contact us". */
    isEnterprise: boolean('is_enterprise').notNull().default(false),
    numRows: integer('num_rows'),
    numColumns: integer('num_columns'),
    callsLimitMonthly: integer('calls_limit_monthly'),
    outputsLimitMonthly: integer('outputs_limit_monthly'),
    /** Nucleus: rows the team's runs may draw in a calendar month, edge runs included. */
    rowsLimitMonthly: integer('rows_limit_monthly'),
    numConcurrentJobs: integer('num_concurrent_jobs'),
    numTables: integer('num_tables'),
    /** The longest LegalMind document the plan takes, in characters; null: the API's maximum. */
    maxDocumentCharacters: integer('max_document_characters'),
    active: boolean('active').notNull().default(true),
  },
  (table) => [unique('plans_neuron_code_unique').on(table.neuronId, table.code)],
);

export const PRICE_INTERVALS = ['MONTH', 'YEAR', 'ONE_TIME'] as const;

/**
 * What a plan costs per interval, in euro cents. A price with a team is an administrator's
 * custom price for that team alone.
 */
export const prices = pgTable(
  'prices',
  {
    id: text('id').primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    interval: text('interval', { enum: PRICE_INTERVALS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    teamId: uuid('team_id').references(() => teams.id),
    /** The price's id at the payment provider, once created there. */
    gatewayPriceId: text('gateway_price_id'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('prices_plan_id_idx').on(table.planId)],
);
