import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_SUBTYPES,
  ACCOUNT_TYPES,
  CONNECTION_SOURCES,
  CONNECTION_STATUSES,
  IMPORT_STATUSES,
} from '@app/contracts/financial-viewer';
import { teams } from './teams.js';

/**
 * An account number as compared: no spaces or dashes, upper case, so `ES91 2100 …` and
 * `es912100…` are one account. Stored numbers keep the bank's spelling for display.
 */
export function accountNumberKey(value: SQLWrapper | string): SQL {
  return sql`upper(regexp_replace(${value}, '[[:space:]-]', '', 'g'))`;
}

const money = (name: string) => bigint(name, { mode: 'number' });

/** A company of the team that accounts are assigned to (spec: accountCompanyName). */
export const fvCompanies = pgTable(
  'fv_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fv_companies_team_name_unique').on(table.teamId, sql`lower(${table.name})`),
  ],
);

/**
 * A bank connection through the aggregator (`BANK`) or a bank whose statements are imported
 * by hand (`FILE`). `operationId` is the unguessable id the bank widget is opened with.
 */
export const fvConnections = pgTable(
  'fv_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source', { enum: CONNECTION_SOURCES }).notNull(),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull(),
    /** Why the connection is in ERROR or EXPIRED, in English for the logs; the web shows its code. */
    statusReason: text('status_reason'),
    operationId: text('operation_id').notNull(),
    /** The aggregator that holds the consent (`sandbox`, `gocardless`), for BANK connections. */
    provider: text('provider'),
    /** The aggregator's id of the consent (a requisition). */
    externalId: text('external_id'),
    bankCode: text('bank_code'),
    bankName: text('bank_name'),
    /** The name of the last statement file imported into it. */
    uploadedFile: text('uploaded_file'),
    lastRefreshAt: timestamp('last_refresh_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fv_connections_operation_unique').on(table.operationId),
    index('fv_connections_team_idx').on(table.teamId),
  ],
);

/** Balances are integer cents in the account's currency. */
export const fvAccounts = pgTable(
  'fv_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => fvConnections.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => fvCompanies.id, { onDelete: 'set null' }),
    /** The aggregator's account id. */
    externalId: text('external_id'),
    name: text('name').notNull(),
    number: text('number').notNull(),
    type: text('type', { enum: ACCOUNT_TYPES }).notNull(),
    subtype: text('subtype', { enum: ACCOUNT_SUBTYPES }).notNull(),
    currency: text('currency').notNull(),
    /** The balance before the account's first stored transaction. */
    openingBalance: money('opening_balance').notNull().default(0),
    currentBalance: money('current_balance').notNull().default(0),
    availableBalance: money('available_balance').notNull().default(0),
    /** Its transactions, all and by sign (kept with the daily cashflow): totals without counting. */
    transactionCount: integer('transaction_count').notNull().default(0),
    incomeCount: integer('income_count').notNull().default(0),
    expenseCount: integer('expense_count').notNull().default(0),
    /**
     * Set by a trigger when its transactions are added or removed, cleared when its daily
     * cashflow is rebuilt: the cashflow page asks this instead of counting the rows.
     */
    cashflowStale: boolean('cashflow_stale').notNull().default(false),
    cardLimit: money('card_limit'),
    cardLinkedAccount: text('card_linked_account'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fv_accounts_team_number_key_unique').on(
      table.teamId,
      accountNumberKey(table.number),
    ),
    index('fv_accounts_connection_idx').on(table.connectionId),
  ],
);

/**
 * Amounts are signed cents (money in positive). The category is a sub-category id of the
 * finance engine's taxonomy, with the categoriser's confidence, or set by a person.
 */
export const fvTransactions = pgTable(
  'fv_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key to teams: the account's cascades remove the rows, and a key checked on
    // every row of a 100,000-row import costs more than it guards.
    teamId: uuid('team_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => fvAccounts.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    balance: money('balance'),
    description: text('description').notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    operationDate: date('operation_date', { mode: 'string' }).notNull(),
    categoryId: integer('category_id').notNull(),
    categoryConfidence: real('category_confidence').notNull(),
    isCategoryManual: boolean('is_category_manual').notNull().default(false),
    /** The aggregator's transaction id, so a refresh never stores one twice. */
    externalId: text('external_id'),
    importId: uuid('import_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One index per sort the transactions grid offers, so a page is read in order, not sorted.
    index('fv_transactions_team_value_date_idx').on(table.teamId, table.valueDate, table.id),
    index('fv_transactions_team_operation_date_idx').on(
      table.teamId,
      table.operationDate,
      table.id,
    ),
    index('fv_transactions_team_amount_idx').on(table.teamId, table.amount, table.id),
    index('fv_transactions_team_description_idx').on(table.teamId, table.description, table.id),
    index('fv_transactions_team_category_idx').on(table.teamId, table.categoryId, table.id),
    // An account's rows by value date: its cashflow, its imports' dedupe, and the account-name
    // sort, which lists each account's rows by value date (a page or a CSV batch reads them
    // through this index instead of sorting them).
    index('fv_transactions_account_value_date_id_idx').on(
      table.accountId,
      table.valueDate,
      table.id,
    ),
    uniqueIndex('fv_transactions_account_external_unique')
      .on(table.accountId, table.externalId)
      .where(sql`${table.externalId} IS NOT NULL`),
  ],
);

/** One row per account and day with movements: what the cashflow and forecast read. */
export const fvDailyCashflow = pgTable(
  'fv_daily_cashflow',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => fvAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    income: money('income').notNull(),
    expense: money('expense').notNull(),
    /** Transactions of the day, all and by sign: a page's total without counting rows. */
    transactionCount: integer('transaction_count').notNull().default(0),
    incomeCount: integer('income_count').notNull().default(0),
    expenseCount: integer('expense_count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.day] }),
    index('fv_daily_cashflow_team_idx').on(table.teamId, table.day),
  ],
);

/** The team's learned categorisation corrections (the finance engine's JSON). */
export const fvCategoryRules = pgTable('fv_category_rules', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  corrections: jsonb('corrections').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A forecast as computed for a set of accounts and a horizon; stale once data changes. */
export const fvForecasts = pgTable(
  'fv_forecasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The sorted account ids it covers, joined by commas. */
    accountKey: text('account_key').notNull(),
    horizon: integer('horizon').notNull(),
    /** The team's data version it was computed from. */
    dataVersion: integer('data_version').notNull(),
    result: jsonb('result').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fv_forecasts_key_unique').on(table.teamId, table.accountKey, table.horizon),
  ],
);

/** Bumped by every change of a team's transactions, so stored forecasts know they are stale. */
export const fvTeamState = pgTable('fv_team_state', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  dataVersion: integer('data_version').notNull().default(0),
});

/** A statement import; large files run as a job and report progress here. */
export const fvImports = pgTable(
  'fv_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => fvAccounts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key'),
    mapping: jsonb('mapping'),
    initialBalance: money('initial_balance'),
    status: text('status', { enum: IMPORT_STATUSES }).notNull(),
    /** 0 to 100. */
    progress: integer('progress').notNull().default(0),
    addedCount: integer('added_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('fv_imports_team_idx').on(table.teamId)],
);
