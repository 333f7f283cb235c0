import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DELIVERY_STATUSES, INSTANCE_STATUSES, PRICE_MODELS } from '@app/contracts/dataverse';
import { invoices, promotionCodes } from './billing.js';
import { teams } from './teams.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The reference data's dimensions (spec 001 §3): regions, countries, industries, … */
export const dvDimensions = pgTable('dv_dimensions', {
  code: text('code').primaryKey(),
  descriptionEn: text('description_en').notNull(),
  descriptionEs: text('description_es').notNull(),
});

/** An element ("domel") of a dimension; a country's parent is its region. Shared by all teams. */
export const dvDimensionElements = pgTable(
  'dv_dimension_elements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dimensionCode: text('dimension_code')
      .notNull()
      .references(() => dvDimensions.code),
    code: text('code').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionEs: text('description_es').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => dvDimensionElements.id),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('dv_dimension_elements_code').on(table.dimensionCode, table.code)],
);

/** A family: datasets published together (the tables of one zip), each with its columns. */
export const dvDatasetFamilies = pgTable('dv_dataset_families', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The owner team; null for the platform's own catalogue. */
  teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
  /** The seed's key of a platform family, so seeding again finds it. */
  seedKey: text('seed_key').unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DatasetSample = { headers: string[]; body: string[][] };

/**
 * A dataset of the catalogue. Published datasets are seen by every team; an unpublished one
 * only by its owner team. `search_text` is the accent-folded, lower-cased text the search
 * reads (folded by the server, the same way as a query), `search_vector` its words.
 */
export const dvDatasets = pgTable(
  'dv_datasets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    seedKey: text('seed_key').unique(),
    familyId: uuid('family_id').references(() => dvDatasetFamilies.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    descriptionAttributes: text('description_attributes').notNull().default(''),
    descriptionUseCases: text('description_use_cases').notNull().default(''),
    providerName: text('provider_name').notNull(),
    contributors: jsonb('contributors').$type<string[]>().notNull().default([]),
    history: text('history').notNull().default(''),
    frequency: text('frequency').notNull().default(''),
    countryId: uuid('country_id').references(() => dvDimensionElements.id),
    priceModel: text('price_model', { enum: PRICE_MODELS }).notNull(),
    pricingBase: integer('pricing_base').notNull().default(1),
    /** Euro cents per `pricing_base` rows. */
    pricingValueCents: integer('pricing_value_cents').notNull().default(0),
    numberOfRows: integer('number_of_rows').notNull(),
    diskSizeBytes: bigint('disk_size_bytes', { mode: 'number' }).notNull(),
    qualityScore: real('quality_score'),
    qualityMethod: text('quality_method').notNull(),
    utilityScore: real('utility_score'),
    utilityMethod: text('utility_method').notNull(),
    sample: jsonb('sample').$type<DatasetSample>().notNull(),
    /** Columns of the dataset a family includes; the rest are listed as not included. */
    includeColumns: jsonb('include_columns').$type<string[]>(),
    licenceName: text('licence_name').notNull(),
    licenceUrl: text('licence_url'),
    sourceName: text('source_name').notNull(),
    sourceUrl: text('source_url'),
    isPublished: boolean('is_published').notNull().default(false),
    searchName: text('search_name').notNull(),
    searchText: text('search_text').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, search_name), 'A') || setweight(to_tsvector('simple'::regconfig, search_text), 'B')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('dv_datasets_team').on(table.teamId),
    index('dv_datasets_vector').using('gin', table.searchVector),
    // The catalogue newest first, and its count, read from the index alone (migration 0023).
    index('dv_datasets_newest').on(
      table.updatedAt.desc().nullsFirst(),
      table.id,
      table.isPublished,
      table.teamId,
    ),
  ],
);

/**
 * The catalogue's vocabulary: each word of the datasets' search vectors and how many datasets
 * hold it. A trigger on `dv_datasets` keeps it in the writing transaction (migration 0022).
 * The search expands a query word to the words here it resembles (trigram index), which the
 * full-text index then finds: a typo costs a look-up among words, not a scan of every text.
 */
export const dvSearchWords = pgTable(
  'dv_search_words',
  {
    word: text('word').primaryKey(),
    datasets: integer('datasets').notNull(),
  },
  (table) => [index('dv_search_words_trigram').using('gin', sql`${table.word} gin_trgm_ops`)],
);

/** The dataset's reference data: industries, use cases, nature, access type, domain, usage. */
export const dvDatasetElements = pgTable(
  'dv_dataset_elements',
  {
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => dvDatasets.id, { onDelete: 'cascade' }),
    elementId: uuid('element_id')
      .notNull()
      .references(() => dvDimensionElements.id),
  },
  (table) => [
    primaryKey({ columns: [table.datasetId, table.elementId] }),
    index('dv_dataset_elements_element').on(table.elementId),
  ],
);

/** A column of a dataset, as profiled. */
export const dvDatasetFields = pgTable(
  'dv_dataset_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => dvDatasets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    uniqueValues: integer('unique_values').notNull(),
    missingValues: integer('missing_values').notNull(),
    /** `table.column` a key refers to, in a family. */
    reference: text('reference'),
    isTarget: boolean('is_target').notNull().default(false),
    isSensitive: boolean('is_sensitive').notNull().default(false),
    sensitiveKind: text('sensitive_kind'),
    position: integer('position').notNull(),
  },
  (table) => [uniqueIndex('dv_dataset_fields_position').on(table.datasetId, table.position)],
);

/**
 * A version of a dataset's data (the spec's `dsiId`): one CSV file in storage, profiled by a
 * job. The dataset's current data is its latest READY instance. An instance outlives its
 * dataset (`dataset_id` is then null) so that what a buyer paid for can still be downloaded.
 */
export const dvDatasetInstances = pgTable(
  'dv_dataset_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner team; null for the platform's own catalogue. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    datasetId: uuid('dataset_id').references(() => dvDatasets.id, { onDelete: 'set null' }),
    /** 1, 2, … per dataset. */
    version: integer('version').notNull(),
    status: text('status', { enum: INSTANCE_STATUSES }).notNull(),
    /** The instances of one zip upload, confirmed or cancelled together. */
    batchId: uuid('batch_id'),
    /** Where the CSV file lives in storage. */
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    numberOfRows: integer('number_of_rows'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Share of the file profiled so far, 0–100. */
    progress: integer('progress').notNull().default(0),
    /** The profiling job's outcome: the engine's profile and the seller's review edits. */
    profile: jsonb('profile'),
    /** Why profiling failed, in the user's words. */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('dv_dataset_instances_version').on(table.datasetId, table.version),
    index('dv_dataset_instances_team').on(table.teamId),
    index('dv_dataset_instances_batch').on(table.batchId),
  ],
);

/** Views of a dataset's details page by other teams, counted per team and day (seller metrics). */
export const dvDatasetViews = pgTable(
  'dv_dataset_views',
  {
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => dvDatasets.id, { onDelete: 'cascade' }),
    viewerTeamId: uuid('viewer_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.datasetId, table.viewerTeamId, table.day] })],
);

/**
 * A team's purchase of rows of a dataset's instance (`dsi_id`), paid by its own invoice. The
 * dataset's name, price and columns are copied, and the rows frozen into files of their own
 * (`delivery_*`), so what was paid for stays downloadable after the seller changes or deletes
 * the dataset. Whether it is paid is its invoice's status.
 */
export const dvPurchases = pgTable(
  'dv_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The buyer. */
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The seller; null for the platform's own catalogue. */
    sellerTeamId: uuid('seller_team_id').references(() => teams.id, { onDelete: 'set null' }),
    dsiId: uuid('dsi_id').notNull(),
    datasetId: uuid('dataset_id').references(() => dvDatasets.id, { onDelete: 'set null' }),
    datasetName: text('dataset_name').notNull(),
    providerName: text('provider_name').notNull(),
    quantity: integer('quantity').notNull(),
    pricingBase: integer('pricing_base').notNull(),
    pricingValueCents: integer('pricing_value_cents').notNull(),
    /** pricing_value × ceil(quantity / pricing_base), before the promotion code and VAT. */
    priceCents: integer('price_cents').notNull(),
    description: text('description').notNull().default(''),
    promotionCodeId: uuid('promotion_code_id').references(() => promotionCodes.id),
    /** The code as typed, upper-case: a second submit of the same order names the same one. */
    promotionCode: text('promotion_code'),
    invoiceId: uuid('invoice_id')
      .notNull()
      .unique()
      .references(() => invoices.id),
    paymentMethodId: text('payment_method_id').notNull(),
    deliveryStatus: text('delivery_status', { enum: DELIVERY_STATUSES })
      .notNull()
      .default('PREPARING'),
    deliveryRows: integer('delivery_rows'),
    deliveryColumns: jsonb('delivery_columns').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('dv_purchases_team').on(table.teamId, table.createdAt),
    index('dv_purchases_seller').on(table.sellerTeamId),
    index('dv_purchases_team_dsi').on(table.teamId, table.dsiId),
  ],
);
