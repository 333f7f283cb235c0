import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Executor } from '../../db/client.js';
import {
  accountNumberKey,
  fvAccounts,
  fvCategoryRules,
  fvCompanies,
  fvConnections,
  fvDailyCashflow,
  fvForecasts,
  fvImports,
  fvTeamState,
  fvTransactions,
  teams,
} from '../../db/schema/index.js';

/** Every function takes the team first and scopes by it: another team's row is `undefined`. */

export type ConnectionRow = typeof fvConnections.$inferSelect;
export type AccountRow = typeof fvAccounts.$inferSelect;
export type CompanyRow = typeof fvCompanies.$inferSelect;
export type ImportRow = typeof fvImports.$inferSelect;
export type NewTransaction = Omit<typeof fvTransactions.$inferInsert, 'teamId' | 'accountId'>;

// --- Connections ---

export async function insertConnection(
  executor: Executor,
  teamId: string,
  values: Omit<typeof fvConnections.$inferInsert, 'teamId'>,
): Promise<ConnectionRow> {
  const [row] = await executor
    .insert(fvConnections)
    .values({ ...values, teamId })
    .returning();
  if (!row) throw new Error('the connection was not stored');
  return row;
}

export function findConnections(executor: Executor, teamId: string): Promise<ConnectionRow[]> {
  return executor
    .select()
    .from(fvConnections)
    .where(eq(fvConnections.teamId, teamId))
    .orderBy(asc(fvConnections.createdAt));
}

export async function findConnection(
  executor: Executor,
  teamId: string,
  connectionId: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await executor
    .select()
    .from(fvConnections)
    .where(and(eq(fvConnections.teamId, teamId), eq(fvConnections.id, connectionId)));
  return row;
}

/** The widget is opened without a session: the unguessable operation id is the key. */
export async function findConnectionByOperation(
  executor: Executor,
  operationId: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await executor
    .select()
    .from(fvConnections)
    .where(eq(fvConnections.operationId, operationId));
  return row;
}

export async function updateConnection(
  executor: Executor,
  teamId: string,
  connectionId: string,
  values: Partial<Omit<typeof fvConnections.$inferInsert, 'id' | 'teamId'>>,
): Promise<ConnectionRow | undefined> {
  const [row] = await executor
    .update(fvConnections)
    .set(values)
    .where(and(eq(fvConnections.teamId, teamId), eq(fvConnections.id, connectionId)))
    .returning();
  return row;
}

export async function deleteConnection(
  executor: Executor,
  teamId: string,
  connectionId: string,
): Promise<boolean> {
  const rows = await executor
    .delete(fvConnections)
    .where(and(eq(fvConnections.teamId, teamId), eq(fvConnections.id, connectionId)))
    .returning({ id: fvConnections.id });
  return rows.length > 0;
}

/** Widgets opened before `before` and never finished: their PENDING connections go. */
export async function deleteAbandonedConnections(
  executor: Executor,
  teamId: string,
  before: Date,
): Promise<void> {
  await executor
    .delete(fvConnections)
    .where(
      and(
        eq(fvConnections.teamId, teamId),
        eq(fvConnections.status, 'PENDING'),
        sql`${fvConnections.createdAt} < ${before.toISOString()}::timestamptz`,
      ),
    );
}

/** Connections that count against the plan: every one that is not an abandoned attempt. */
export async function countUsedConnections(executor: Executor, teamId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(fvConnections)
    .where(and(eq(fvConnections.teamId, teamId), ne(fvConnections.status, 'PENDING')));
  return row?.count ?? 0;
}

export async function countAccountsByConnection(
  executor: Executor,
  teamId: string,
): Promise<Map<string, number>> {
  const rows = await executor
    .select({ connectionId: fvAccounts.connectionId, count: sql<number>`count(*)::int` })
    .from(fvAccounts)
    .where(eq(fvAccounts.teamId, teamId))
    .groupBy(fvAccounts.connectionId);
  return new Map(rows.map((row) => [row.connectionId, row.count]));
}

/** Serialises a team's connection creation, so two requests cannot both pass the limit. */
export async function lockTeam(executor: Executor, teamId: string): Promise<void> {
  await executor.execute(sql`SELECT id FROM ${teams} WHERE id = ${teamId} FOR UPDATE`);
}

// --- Companies ---

export function findCompanies(executor: Executor, teamId: string): Promise<CompanyRow[]> {
  return executor
    .select()
    .from(fvCompanies)
    .where(eq(fvCompanies.teamId, teamId))
    .orderBy(asc(sql`lower(${fvCompanies.name})`));
}

export async function findCompanyByName(
  executor: Executor,
  teamId: string,
  name: string,
): Promise<CompanyRow | undefined> {
  const [row] = await executor
    .select()
    .from(fvCompanies)
    .where(and(eq(fvCompanies.teamId, teamId), sql`lower(${fvCompanies.name}) = lower(${name})`));
  return row;
}

export async function insertCompany(
  executor: Executor,
  teamId: string,
  name: string,
): Promise<CompanyRow | undefined> {
  const [row] = await executor
    .insert(fvCompanies)
    .values({ teamId, name })
    .onConflictDoNothing()
    .returning();
  return row;
}

// --- Accounts ---

export type AccountWithOwners = AccountRow & {
  companyName: string | null;
  connectionName: string;
  bankCode: string | null;
  bankName: string | null;
};

const accountColumns = {
  id: fvAccounts.id,
  teamId: fvAccounts.teamId,
  connectionId: fvAccounts.connectionId,
  companyId: fvAccounts.companyId,
  externalId: fvAccounts.externalId,
  name: fvAccounts.name,
  number: fvAccounts.number,
  type: fvAccounts.type,
  subtype: fvAccounts.subtype,
  currency: fvAccounts.currency,
  openingBalance: fvAccounts.openingBalance,
  currentBalance: fvAccounts.currentBalance,
  availableBalance: fvAccounts.availableBalance,
  transactionCount: fvAccounts.transactionCount,
  incomeCount: fvAccounts.incomeCount,
  expenseCount: fvAccounts.expenseCount,
  cashflowStale: fvAccounts.cashflowStale,
  cardLimit: fvAccounts.cardLimit,
  cardLinkedAccount: fvAccounts.cardLinkedAccount,
  createdAt: fvAccounts.createdAt,
  companyName: fvCompanies.name,
  connectionName: fvConnections.name,
  bankCode: fvConnections.bankCode,
  bankName: fvConnections.bankName,
};

/** The team's accounts of connections that are not PENDING, with company and bank. */
export function findAccounts(
  executor: Executor,
  teamId: string,
  filter: { types?: readonly string[]; accountIds?: readonly string[] } = {},
): Promise<AccountWithOwners[]> {
  const conditions: SQL[] = [eq(fvAccounts.teamId, teamId), ne(fvConnections.status, 'PENDING')];
  if (filter.types?.length) conditions.push(inArray(fvAccounts.type, [...filter.types] as never));
  if (filter.accountIds) conditions.push(inArray(fvAccounts.id, [...filter.accountIds]));
  return executor
    .select(accountColumns)
    .from(fvAccounts)
    .innerJoin(fvConnections, eq(fvConnections.id, fvAccounts.connectionId))
    .leftJoin(fvCompanies, eq(fvCompanies.id, fvAccounts.companyId))
    .where(and(...conditions))
    .orderBy(asc(fvConnections.name), asc(fvAccounts.name), asc(fvAccounts.id));
}

export async function findAccount(
  executor: Executor,
  teamId: string,
  accountId: string,
): Promise<AccountWithOwners | undefined> {
  const [row] = await executor
    .select(accountColumns)
    .from(fvAccounts)
    .innerJoin(fvConnections, eq(fvConnections.id, fvAccounts.connectionId))
    .leftJoin(fvCompanies, eq(fvCompanies.id, fvAccounts.companyId))
    .where(and(eq(fvAccounts.teamId, teamId), eq(fvAccounts.id, accountId)));
  return row;
}

/** The team's account of that number, however it is spaced or cased (see `accountNumberKey`). */
export async function findAccountByNumber(
  executor: Executor,
  teamId: string,
  number: string,
): Promise<AccountRow | undefined> {
  const [row] = await executor
    .select()
    .from(fvAccounts)
    .where(
      and(
        eq(fvAccounts.teamId, teamId),
        sql`${accountNumberKey(fvAccounts.number)} = ${accountNumberKey(number)}`,
      ),
    );
  return row;
}

export function findConnectionAccounts(
  executor: Executor,
  teamId: string,
  connectionId: string,
): Promise<AccountRow[]> {
  return executor
    .select()
    .from(fvAccounts)
    .where(and(eq(fvAccounts.teamId, teamId), eq(fvAccounts.connectionId, connectionId)));
}

export async function insertAccount(
  executor: Executor,
  teamId: string,
  values: Omit<typeof fvAccounts.$inferInsert, 'teamId'>,
): Promise<AccountRow> {
  const [row] = await executor
    .insert(fvAccounts)
    .values({ ...values, teamId })
    .returning();
  if (!row) throw new Error('the account was not stored');
  return row;
}

/** Holds the account row until the transaction ends. */
export async function lockAccount(
  executor: Executor,
  teamId: string,
  accountId: string,
): Promise<void> {
  await executor.execute(
    sql`SELECT id FROM ${fvAccounts} WHERE team_id = ${teamId} AND id = ${accountId} FOR UPDATE`,
  );
}

export async function updateAccount(
  executor: Executor,
  teamId: string,
  accountId: string,
  values: Partial<Omit<typeof fvAccounts.$inferInsert, 'id' | 'teamId'>>,
): Promise<void> {
  await executor
    .update(fvAccounts)
    .set(values)
    .where(and(eq(fvAccounts.teamId, teamId), eq(fvAccounts.id, accountId)));
}

// --- Transactions ---

const INSERT_CHUNK = 10_000;

/**
 * Stores transactions; aggregator ids already stored are skipped. Each chunk travels as one
 * JSON parameter read by `jsonb_to_recordset`: one statement instead of a bound parameter
 * per value, which is what makes a 100,000-row import take seconds. The ids are time-ordered
 * (UUID version 7), so the primary key's new entries fill its last pages instead of landing
 * each on a random page of an index too large for PGlite's page cache.
 */
export async function insertTransactions(
  executor: Executor,
  teamId: string,
  accountId: string,
  rows: readonly NewTransaction[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK).map((row) => ({
      id: uuidv7(),
      amount: row.amount,
      balance: row.balance ?? null,
      description: row.description,
      value_date: row.valueDate,
      operation_date: row.operationDate,
      category_id: row.categoryId,
      category_confidence: row.categoryConfidence,
      is_category_manual: row.isCategoryManual ?? false,
      external_id: row.externalId ?? null,
      import_id: row.importId ?? null,
    }));
    const result = (await executor.execute(sql`
      INSERT INTO ${fvTransactions} (id, team_id, account_id, amount, balance, description,
        value_date, operation_date, category_id, category_confidence, is_category_manual,
        external_id, import_id)
      SELECT r.id, ${teamId}::uuid, ${accountId}::uuid, r.amount, r.balance, r.description,
        r.value_date, r.operation_date, r.category_id, r.category_confidence,
        r.is_category_manual, r.external_id, r.import_id
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS r(id uuid, amount bigint,
        balance bigint, description text, value_date date, operation_date date,
        category_id integer, category_confidence real, is_category_manual boolean,
        external_id text, import_id uuid)
      ON CONFLICT DO NOTHING`)) as { rowCount?: number | null; affectedRows?: number };
    inserted += result.rowCount ?? result.affectedRows ?? 0;
  }
  return inserted;
}

export type StoredMovement = {
  amount: number;
  balance: number | null;
  description: string;
  operationDate: string;
};

/** The account's transactions from a day on, to tell an import's new rows from known ones. */
export function findAccountMovementsSince(
  executor: Executor,
  teamId: string,
  accountId: string,
  since: string,
): Promise<StoredMovement[]> {
  return executor
    .select({
      amount: fvTransactions.amount,
      balance: fvTransactions.balance,
      description: fvTransactions.description,
      operationDate: fvTransactions.operationDate,
    })
    .from(fvTransactions)
    .where(
      and(
        eq(fvTransactions.teamId, teamId),
        eq(fvTransactions.accountId, accountId),
        sql`${fvTransactions.operationDate} >= ${since}`,
      ),
    );
}

/** Whether the account holds any transaction (one index probe). */
export async function hasTransactions(
  executor: Executor,
  teamId: string,
  accountId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: fvTransactions.id })
    .from(fvTransactions)
    .where(and(eq(fvTransactions.teamId, teamId), eq(fvTransactions.accountId, accountId)))
    .limit(1);
  return row !== undefined;
}

/** The account's latest value date (one probe of its value date index), or null. */
export async function lastValueDate(
  executor: Executor,
  teamId: string,
  accountId: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ day: fvTransactions.valueDate })
    .from(fvTransactions)
    .where(and(eq(fvTransactions.teamId, teamId), eq(fvTransactions.accountId, accountId)))
    .orderBy(desc(fvTransactions.valueDate))
    .limit(1);
  return row?.day ?? null;
}

/**
 * Rebuilds an account's daily income, expense and counts from its transactions; returns the
 * net sum of its transactions, read from the days just built (a few hundred rows rather than
 * every transaction again).
 */
export async function rebuildDailyCashflow(
  executor: Executor,
  teamId: string,
  accountId: string,
): Promise<{ sum: number }> {
  // One rebuild of an account at a time: two at once would both insert its days.
  await executor.execute(sql`
    SELECT 1 FROM ${fvAccounts}
    WHERE ${fvAccounts.teamId} = ${teamId} AND ${fvAccounts.id} = ${accountId} FOR UPDATE`);
  await executor
    .delete(fvDailyCashflow)
    .where(and(eq(fvDailyCashflow.teamId, teamId), eq(fvDailyCashflow.accountId, accountId)));
  await executor.execute(sql`
    INSERT INTO ${fvDailyCashflow} (team_id, account_id, day, income, expense,
      transaction_count, income_count, expense_count)
    SELECT team_id, account_id, value_date,
      coalesce(sum(amount) FILTER (WHERE amount > 0), 0),
      coalesce(-sum(amount) FILTER (WHERE amount < 0), 0),
      count(*), count(*) FILTER (WHERE amount > 0), count(*) FILTER (WHERE amount < 0)
    FROM ${fvTransactions}
    WHERE team_id = ${teamId} AND account_id = ${accountId}
    GROUP BY team_id, account_id, value_date`);
  const result = (await executor.execute(sql`
    UPDATE ${fvAccounts} SET
      transaction_count = totals.transactions,
      income_count = totals.incomes,
      expense_count = totals.expenses,
      cashflow_stale = false
    FROM (
      SELECT coalesce(sum(transaction_count), 0) AS transactions,
        coalesce(sum(income_count), 0) AS incomes, coalesce(sum(expense_count), 0) AS expenses,
        coalesce(sum(income - expense), 0) AS net
      FROM ${fvDailyCashflow} WHERE team_id = ${teamId} AND account_id = ${accountId}
    ) AS totals
    WHERE ${fvAccounts.teamId} = ${teamId} AND ${fvAccounts.id} = ${accountId}
    RETURNING totals.net`)) as { rows: { net: string | number }[] };
  return { sum: Number(result.rows[0]?.net ?? 0) };
}

/**
 * The team's accounts, each stale when its transactions were added or removed since its daily
 * cashflow was built (a trigger of migration 0028 marks it; `rebuildDailyCashflow` clears it).
 * Every writer of transactions rebuilds the account's cashflow in its own database transaction,
 * and a stored transaction's amount and value date are never edited (a category edit leaves
 * the cashflow as it is), so only rows added or removed some other way leave one stale.
 */
export async function findCashflowStates(
  executor: Executor,
  teamId: string,
): Promise<{ id: string; isStale: boolean }[]> {
  return executor
    .select({ id: fvAccounts.id, isStale: fvAccounts.cashflowStale })
    .from(fvAccounts)
    .where(eq(fvAccounts.teamId, teamId));
}

/** Marks the team's data as changed: stored forecasts are stale from now on. */
export async function bumpDataVersion(executor: Executor, teamId: string): Promise<void> {
  await executor
    .insert(fvTeamState)
    .values({ teamId, dataVersion: 1 })
    .onConflictDoUpdate({
      target: fvTeamState.teamId,
      set: { dataVersion: sql`${fvTeamState.dataVersion} + 1` },
    });
}

export async function getDataVersion(executor: Executor, teamId: string): Promise<number> {
  const [row] = await executor
    .select({ dataVersion: fvTeamState.dataVersion })
    .from(fvTeamState)
    .where(eq(fvTeamState.teamId, teamId));
  return row?.dataVersion ?? 0;
}

// --- Cashflow ---

/** Which accounts of the team a cashflow reads: these, or every one (none given or empty). */
export type AccountSelection = { accountIds?: string[] | undefined };

/** Accounts of shown connections (not PENDING) in the selection. */
function selectedAccounts(teamId: string, selection: AccountSelection): SQL {
  const conditions: SQL[] = [eq(fvAccounts.teamId, teamId), ne(fvConnections.status, 'PENDING')];
  if (selection.accountIds?.length) conditions.push(inArray(fvAccounts.id, selection.accountIds));
  const where = and(...conditions);
  if (!where) throw new Error('no conditions');
  return where;
}

/**
 * Income and expense of these accounts per day (in cents, as text). The accounts are listed,
 * not joined: on PGlite, 110,000 daily rows of 100 accounts summed in 55 ms, against 127 ms
 * joined to the accounts and connections for their currency and status.
 */
export function sumDailyMovements(
  executor: Executor,
  teamId: string,
  accountIds: string[],
): Promise<{ day: string; income: string; expense: string }[]> {
  return executor
    .select({
      day: sql<string>`${fvDailyCashflow.day}::text`,
      income: sql<string>`sum(${fvDailyCashflow.income})`,
      expense: sql<string>`sum(${fvDailyCashflow.expense})`,
    })
    .from(fvDailyCashflow)
    .where(and(eq(fvDailyCashflow.teamId, teamId), inArray(fvDailyCashflow.accountId, accountIds)))
    .groupBy(fvDailyCashflow.day);
}

/** A transaction as `findMovementsBetween` lists it. */
export type MovementTuple = [
  accountId: string,
  date: string,
  amount: number,
  description: string,
  currency: string,
];

/**
 * The selected accounts' transactions valued from one day to another, at most `limit`, as the
 * JSON text of a list of `MovementTuple`: decoding thousands of rows field by field took longer
 * on PGlite than reading them, and a worker thread takes the text as it is, where a copy of
 * 100,000 objects to it held the request loop for about 0.2 s.
 */
export async function findMovementsBetween(
  executor: Executor,
  teamId: string,
  options: AccountSelection & { from: string; to: string; limit: number },
): Promise<string> {
  const movement = executor
    .select({
      accountId: fvTransactions.accountId,
      date: fvTransactions.valueDate,
      amount: fvTransactions.amount,
      description: fvTransactions.description,
      currency: fvAccounts.currency,
    })
    .from(fvTransactions)
    .innerJoin(fvAccounts, eq(fvAccounts.id, fvTransactions.accountId))
    .innerJoin(fvConnections, eq(fvConnections.id, fvAccounts.connectionId))
    .where(
      and(
        eq(fvTransactions.teamId, teamId),
        selectedAccounts(teamId, options),
        sql`${fvTransactions.valueDate} >= ${options.from}`,
        sql`${fvTransactions.valueDate} <= ${options.to}`,
      ),
    )
    .limit(options.limit)
    .as('movement');
  const [row] = await executor
    .select({
      list: sql<string>`coalesce(json_agg(json_build_array(${movement.accountId}, ${movement.date},
        ${movement.amount}, ${movement.description}, ${movement.currency}))::text, '[]')`,
    })
    .from(movement);
  return row?.list ?? '[]';
}

// --- Categorisation rules ---

export async function findCategoryRules(executor: Executor, teamId: string): Promise<unknown> {
  const [row] = await executor
    .select({ corrections: fvCategoryRules.corrections })
    .from(fvCategoryRules)
    .where(eq(fvCategoryRules.teamId, teamId));
  return row?.corrections;
}

export async function saveCategoryRules(
  executor: Executor,
  teamId: string,
  corrections: unknown,
  now: Date,
): Promise<void> {
  await executor
    .insert(fvCategoryRules)
    .values({ teamId, corrections, updatedAt: now })
    .onConflictDoUpdate({ target: fvCategoryRules.teamId, set: { corrections, updatedAt: now } });
}

// --- Forecasts ---

/** A selection's forecasts made from the team's current data on `day` (UTC): still fresh. */
type FreshForecastKey = { accountKey: string; dataVersion: number; day: string };

function freshForecasts(teamId: string, key: FreshForecastKey): SQL | undefined {
  return and(
    eq(fvForecasts.teamId, teamId),
    eq(fvForecasts.accountKey, key.accountKey),
    eq(fvForecasts.dataVersion, key.dataVersion),
    sql`(${fvForecasts.computedAt} AT TIME ZONE 'UTC')::date = ${key.day}::date`,
  );
}

/** The selection's fresh forecast at `horizon`, as stored. */
export async function findForecast(
  executor: Executor,
  teamId: string,
  key: FreshForecastKey & { horizon: number },
): Promise<unknown> {
  const [row] = await executor
    .select({ result: fvForecasts.result })
    .from(fvForecasts)
    .where(and(freshForecasts(teamId, key), eq(fvForecasts.horizon, key.horizon)));
  return row?.result;
}

/**
 * The recurring payments of a fresh forecast of the selection at any horizon: they do not
 * depend on it.
 */
export async function findStoredRecurring(
  executor: Executor,
  teamId: string,
  key: FreshForecastKey,
): Promise<unknown> {
  const [row] = await executor
    .select({ recurring: sql<unknown>`${fvForecasts.result} -> 'recurring'` })
    .from(fvForecasts)
    .where(freshForecasts(teamId, key))
    .limit(1);
  return row?.recurring ?? undefined;
}

export async function saveForecast(
  executor: Executor,
  teamId: string,
  values: {
    accountKey: string;
    horizon: number;
    dataVersion: number;
    result: unknown;
    computedAt: Date;
  },
): Promise<void> {
  await executor
    .insert(fvForecasts)
    .values({ ...values, teamId })
    .onConflictDoUpdate({
      target: [fvForecasts.teamId, fvForecasts.accountKey, fvForecasts.horizon],
      set: {
        dataVersion: values.dataVersion,
        result: values.result,
        computedAt: values.computedAt,
      },
    });
}

// --- Imports ---

export async function insertImport(
  executor: Executor,
  teamId: string,
  values: Omit<typeof fvImports.$inferInsert, 'teamId'>,
): Promise<ImportRow> {
  const [row] = await executor
    .insert(fvImports)
    .values({ ...values, teamId })
    .returning();
  if (!row) throw new Error('the import was not stored');
  return row;
}

export async function findImport(
  executor: Executor,
  teamId: string,
  importId: string,
): Promise<ImportRow | undefined> {
  const [row] = await executor
    .select()
    .from(fvImports)
    .where(and(eq(fvImports.teamId, teamId), eq(fvImports.id, importId)));
  return row;
}

export async function updateImport(
  executor: Executor,
  teamId: string,
  importId: string,
  values: Partial<Omit<typeof fvImports.$inferInsert, 'id' | 'teamId'>>,
): Promise<void> {
  await executor
    .update(fvImports)
    .set(values)
    .where(and(eq(fvImports.teamId, teamId), eq(fvImports.id, importId)));
}

/**
 * A running import's progress, raised only: a write that comes after the import ended (DONE or
 * FAILED), or after a higher one, changes nothing.
 */
export async function raiseImportProgress(
  executor: Executor,
  teamId: string,
  importId: string,
  progress: number,
): Promise<void> {
  await executor
    .update(fvImports)
    .set({ progress })
    .where(
      and(
        eq(fvImports.teamId, teamId),
        eq(fvImports.id, importId),
        eq(fvImports.status, 'RUNNING'),
        lt(fvImports.progress, progress),
      ),
    );
}
