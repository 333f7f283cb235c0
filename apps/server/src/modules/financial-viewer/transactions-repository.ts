import type { Language } from '@app/contracts';
import type { TTransactionFilters, TransactionSortField } from '@app/contracts/financial-viewer';
import { CATEGORY_TAXONOMY } from '@app/finance';
import type { Readable } from 'node:stream';
import { and, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Executor } from '../../db/client.js';
import {
  fvAccounts,
  fvCompanies,
  fvConnections,
  fvDailyCashflow,
  fvTransactions,
} from '../../db/schema/index.js';

/** Reads of a team's transactions with the spec's filters; every query is scoped by team. */

export type TransactionListRow = {
  id: string;
  amount: number;
  balance: number | null;
  description: string;
  valueDate: string;
  operationDate: string;
  categoryId: number;
  categoryConfidence: number;
  isCategoryManual: boolean;
  accountId: string;
  accountName: string;
  currency: string;
  connectionId: string;
};

export type TransactionSort = { field: TransactionSortField; direction: 'asc' | 'desc' };

const SORT_COLUMNS: Record<TransactionSortField, SQL | typeof fvTransactions.amount> = {
  valueDate: sql`${fvTransactions.valueDate}`,
  operationDate: sql`${fvTransactions.operationDate}`,
  amount: sql`${fvTransactions.amount}`,
  description: sql`${fvTransactions.description}`,
  accountName: sql`${fvAccounts.name}`,
  category: sql`${fvTransactions.categoryId}`,
};

/** The column a sort orders by, for queries written as SQL text. */
function sortExpression(field: TransactionSortField): SQL {
  return sql`${SORT_COLUMNS[field]}`;
}

export function parseSort(sortBy: string): TransactionSort {
  const [field, direction] = sortBy.split(',') as [TransactionSortField, 'asc' | 'desc'];
  return { field, direction };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The filters resolved for the queries: the company, bank, account and type filters become
 * the list of the team's accounts they pick (`null`: every account), so the transactions are
 * read through their own indexes, and a filter that picks no account reads nothing.
 */
export type TransactionScope = {
  teamId: string;
  filters: TTransactionFilters;
  accountIds: string[] | null;
};

function hasAccountFilter(filters: TTransactionFilters): boolean {
  return Boolean(
    filters.accountIds?.length ??
    filters.accountTypes?.length ??
    filters.entCodes?.length ??
    filters.companyNames?.length,
  );
}

export async function resolveScope(
  executor: Executor,
  teamId: string,
  filters: TTransactionFilters,
): Promise<TransactionScope> {
  if (!hasAccountFilter(filters)) return { teamId, filters, accountIds: null };
  const conditions: SQL[] = [eq(fvAccounts.teamId, teamId), ne(fvConnections.status, 'PENDING')];
  if (filters.accountIds?.length) conditions.push(inArray(fvAccounts.id, filters.accountIds));
  if (filters.accountTypes?.length) conditions.push(inArray(fvAccounts.type, filters.accountTypes));
  if (filters.entCodes?.length) conditions.push(inArray(fvConnections.bankCode, filters.entCodes));
  if (filters.companyNames?.length) {
    const names = filters.companyNames.map((name) => name.toLowerCase());
    conditions.push(
      sql`${fvAccounts.companyId} IN (SELECT ${fvCompanies.id} FROM ${fvCompanies} WHERE ${fvCompanies.teamId} = ${teamId} AND lower(${fvCompanies.name}) IN ${names})`,
    );
  }
  const rows = await executor
    .select({ id: fvAccounts.id })
    .from(fvAccounts)
    .innerJoin(fvConnections, eq(fvConnections.id, fvAccounts.connectionId))
    .where(allOf(conditions));
  return { teamId, filters, accountIds: rows.map((row) => row.id) };
}

function isEmpty(scope: TransactionScope): boolean {
  return scope.accountIds?.length === 0;
}

function allOf(conditions: SQL[]): SQL {
  const where = and(...conditions);
  if (!where) throw new Error('no conditions');
  return where;
}

/** The WHERE clause of a scope (PENDING connections have no accounts, so none to leave out). */
export function filterConditions(scope: TransactionScope): SQL {
  const { filters } = scope;
  const conditions: SQL[] = [eq(fvTransactions.teamId, scope.teamId)];
  if (scope.accountIds) conditions.push(inArray(fvTransactions.accountId, scope.accountIds));
  if (filters.valueDateFrom)
    conditions.push(sql`${fvTransactions.valueDate} >= ${filters.valueDateFrom}`);
  if (filters.valueDateTo)
    conditions.push(sql`${fvTransactions.valueDate} <= ${filters.valueDateTo}`);
  if (filters.operationDateFrom) {
    conditions.push(sql`${fvTransactions.operationDate} >= ${filters.operationDateFrom}`);
  }
  if (filters.operationDateTo) {
    conditions.push(sql`${fvTransactions.operationDate} <= ${filters.operationDateTo}`);
  }
  if (filters.amountSign === 'income') conditions.push(gt(fvTransactions.amount, 0));
  if (filters.amountSign === 'expense') conditions.push(lt(fvTransactions.amount, 0));
  if (filters.catIds?.length) conditions.push(inArray(fvTransactions.categoryId, filters.catIds));
  if (filters.parentIds?.length) {
    // Sub-category ids are `parentId * 100 + n`.
    conditions.push(inArray(sql`${fvTransactions.categoryId} / 100`, filters.parentIds));
  }
  if (filters.q) {
    conditions.push(sql`${fvTransactions.description} ILIKE ${`%${escapeLike(filters.q)}%`}`);
  }
  return allOf(conditions);
}

const listColumns = {
  id: fvTransactions.id,
  amount: fvTransactions.amount,
  balance: fvTransactions.balance,
  description: fvTransactions.description,
  valueDate: fvTransactions.valueDate,
  operationDate: fvTransactions.operationDate,
  categoryId: fvTransactions.categoryId,
  categoryConfidence: fvTransactions.categoryConfidence,
  isCategoryManual: fvTransactions.isCategoryManual,
  accountId: fvTransactions.accountId,
  accountName: fvAccounts.name,
  currency: fvAccounts.currency,
  connectionId: fvAccounts.connectionId,
};

function orderBy(sort: TransactionSort): SQL[] {
  const direction = sql.raw(sort.direction);
  return [sql`${SORT_COLUMNS[sort.field]} ${direction}`, sql`${fvTransactions.id} ${direction}`];
}

export async function findTransactionPage(
  executor: Executor,
  scope: TransactionScope,
  options: { sort: TransactionSort; limit: number; offset: number },
): Promise<TransactionListRow[]> {
  if (isEmpty(scope)) return [];
  return executor
    .select(listColumns)
    .from(fvTransactions)
    .innerJoin(fvAccounts, eq(fvAccounts.id, fvTransactions.accountId))
    .where(filterConditions(scope))
    .orderBy(...orderBy(options.sort))
    .limit(options.limit)
    .offset(options.offset);
}

/** Whether the daily counts can answer: filters on accounts, value dates and sign only. */
function isCountable(filters: TTransactionFilters): boolean {
  return (
    !filters.operationDateFrom &&
    !filters.operationDateTo &&
    !filters.catIds?.length &&
    !filters.parentIds?.length &&
    !filters.q
  );
}

/**
 * How many transactions the filters match. Counting a million rows takes longer than a page
 * may, so the per-account totals (no date filter) or the per-day counts answer whenever the
 * filters allow; rows are counted otherwise.
 */
export async function countTransactions(
  executor: Executor,
  scope: TransactionScope,
): Promise<number> {
  const { filters } = scope;
  if (isEmpty(scope)) return 0;
  if (!isCountable(filters)) {
    const [row] = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(fvTransactions)
      .where(filterConditions(scope));
    return row?.count ?? 0;
  }
  // Without dates the per-account totals answer; with dates, the per-day counts in the range.
  if (!filters.valueDateFrom && !filters.valueDateTo) {
    const conditions = [eq(fvAccounts.teamId, scope.teamId)];
    if (scope.accountIds) conditions.push(inArray(fvAccounts.id, scope.accountIds));
    return sumCounts(executor, fvAccounts, filters.amountSign, conditions);
  }
  const conditions = [eq(fvDailyCashflow.teamId, scope.teamId)];
  if (scope.accountIds) conditions.push(inArray(fvDailyCashflow.accountId, scope.accountIds));
  if (filters.valueDateFrom)
    conditions.push(sql`${fvDailyCashflow.day} >= ${filters.valueDateFrom}`);
  if (filters.valueDateTo) conditions.push(sql`${fvDailyCashflow.day} <= ${filters.valueDateTo}`);
  return sumCounts(executor, fvDailyCashflow, filters.amountSign, conditions);
}

/** Sums the kept transaction counts (all, or of one sign) of the rows the conditions pick. */
async function sumCounts(
  executor: Executor,
  table: typeof fvAccounts | typeof fvDailyCashflow,
  sign: TTransactionFilters['amountSign'],
  conditions: SQL[],
): Promise<number> {
  const counted = {
    all: table.transactionCount,
    income: table.incomeCount,
    expense: table.expenseCount,
  }[sign];
  const [row] = await executor
    .select({ count: sql<string>`coalesce(sum(${counted}), 0)` })
    .from(table)
    .where(allOf(conditions));
  return Number(row?.count ?? 0);
}

export type CategoryTotalRow = {
  categoryId: number;
  currency: string;
  isIncome: boolean;
  total: number;
  count: number;
};

/** Sums by sub-category, direction and currency, for the categorisation charts. */
export async function sumByCategory(
  executor: Executor,
  scope: TransactionScope,
): Promise<CategoryTotalRow[]> {
  if (isEmpty(scope)) return [];
  const rows = await executor
    .select({
      categoryId: fvTransactions.categoryId,
      currency: fvAccounts.currency,
      isIncome: sql<boolean>`${fvTransactions.amount} > 0`,
      total: sql<string>`sum(abs(${fvTransactions.amount}))`,
      count: sql<number>`count(*)::int`,
    })
    .from(fvTransactions)
    .innerJoin(fvAccounts, eq(fvAccounts.id, fvTransactions.accountId))
    .where(filterConditions(scope))
    .groupBy(fvTransactions.categoryId, fvAccounts.currency, sql`${fvTransactions.amount} > 0`);
  return rows.map((row) => ({ ...row, total: Number(row.total) }));
}

export async function findTransaction(
  executor: Executor,
  teamId: string,
  transactionId: string,
): Promise<TransactionListRow | undefined> {
  const [row] = await executor
    .select(listColumns)
    .from(fvTransactions)
    .innerJoin(fvAccounts, eq(fvAccounts.id, fvTransactions.accountId))
    .where(and(eq(fvTransactions.teamId, teamId), eq(fvTransactions.id, transactionId)));
  return row;
}

export async function setTransactionCategory(
  executor: Executor,
  teamId: string,
  transactionId: string,
  categoryId: number,
): Promise<void> {
  await executor
    .update(fvTransactions)
    .set({ categoryId, categoryConfidence: 1, isCategoryManual: true })
    .where(and(eq(fvTransactions.teamId, teamId), eq(fvTransactions.id, transactionId)));
}

export type UncorrectedRow = {
  id: string;
  description: string;
  amount: number;
  categoryId: number;
};

/** Transactions of one direction whose category no person set: candidates for a new rule. */
export function findAutomaticTransactions(
  executor: Executor,
  teamId: string,
  options: { isIncome: boolean; excludeId: string },
): Promise<UncorrectedRow[]> {
  return executor
    .select({
      id: fvTransactions.id,
      description: fvTransactions.description,
      amount: fvTransactions.amount,
      categoryId: fvTransactions.categoryId,
    })
    .from(fvTransactions)
    .where(
      and(
        eq(fvTransactions.teamId, teamId),
        eq(fvTransactions.isCategoryManual, false),
        ne(fvTransactions.id, options.excludeId),
        options.isIncome ? gt(fvTransactions.amount, 0) : sql`${fvTransactions.amount} <= 0`,
      ),
    );
}

/** Applies recomputed categories in one statement per category. */
export async function updateCategories(
  executor: Executor,
  teamId: string,
  updates: { id: string; categoryId: number; confidence: number }[],
): Promise<void> {
  const byCategory = new Map<string, string[]>();
  for (const update of updates) {
    const key = `${String(update.categoryId)}|${String(update.confidence)}`;
    byCategory.set(key, [...(byCategory.get(key) ?? []), update.id]);
  }
  for (const [key, ids] of byCategory) {
    const [categoryId, confidence] = key.split('|').map(Number) as [number, number];
    for (let start = 0; start < ids.length; start += 1000) {
      await executor
        .update(fvTransactions)
        .set({ categoryId, categoryConfidence: confidence })
        .where(
          and(
            eq(fvTransactions.teamId, teamId),
            inArray(fvTransactions.id, ids.slice(start, start + 1000)),
          ),
        );
    }
  }
}

// --- CSV export ---

/**
 * A text cell for a spreadsheet: a value that would run as a formula (`=`, `+`, `-`, `@`, tab,
 * carriage return) gets a leading apostrophe (OWASP CSV injection), and one holding the
 * separator, a quote or a line break is quoted.
 */
function textCell(value: SQL): SQL {
  const safe = safeText(value);
  return sql`(CASE WHEN ${safe} ~ '[;"\r\n]' THEN '"' || replace(${safe}, '"', '""') || '"' ELSE ${safe} END)`;
}

/** The formula guard of `textCell` alone, for COPY, which quotes by the same rule itself. */
function safeText(value: SQL): SQL {
  return sql`(CASE WHEN ${value} ~ '^[-=+@\t\r]' THEN '''' || ${value} ELSE ${value} END)`;
}

/** Cents as Spanish Excel reads them: `-1234,50`; no amount is `whenNull`. */
function amountCell(cents: SQL, whenNull: SQL = sql`''`): SQL {
  return sql`(CASE WHEN ${cents} IS NULL THEN ${whenNull} ELSE
    (CASE WHEN ${cents} < 0 THEN '-' ELSE '' END) || (abs(${cents}) / 100)::text || ',' ||
    lpad((abs(${cents}) % 100)::text, 2, '0') END)`;
}

const FORMULA_START = /^[-=+@\t\r]/;

/** The formula guard of `safeText` in JavaScript, for texts written into the query. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The taxonomy's names, already guarded: COPY need not test them row by row. */
function categoryNames(language: Language): SQL {
  const rows = CATEGORY_TAXONOMY.flatMap((parent) =>
    parent.subcategories.map(
      (subcategory) =>
        sql`(${subcategory.id}::int, ${guardFormula(subcategory.names[language])}::text, ${guardFormula(parent.names[language])}::text)`,
    ),
  );
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS category(id, name, parent)`;
}

export type CsvBatch = {
  text: string;
  count: number;
  last: { value: string; id: string } | undefined;
};

/**
 * The next rows after `after` in the sort order (keyset paging), written as CSV lines by the
 * database itself: one text value travels instead of every column of every row.
 */
export async function findCsvBatch(
  executor: Executor,
  scope: TransactionScope,
  options: { sort: TransactionSort; after: CsvBatch['last']; language: Language; size: number },
): Promise<CsvBatch> {
  if (scope.accountIds?.length === 0) return { text: '', count: 0, last: undefined };
  const key = sortExpression(options.sort.field);
  const direction = sql.raw(options.sort.direction);
  const comparison = sql.raw(options.sort.direction === 'asc' ? '>' : '<');
  const where = options.after
    ? and(
        filterConditions(scope),
        sql`(${key}, fv_transactions.id) ${comparison} (${options.after.value}, ${options.after.id})`,
      )
    : filterConditions(scope);
  const result = (await executor.execute(sql`
    WITH batch AS (
      SELECT fv_transactions.id, fv_transactions.value_date, fv_transactions.operation_date,
        fv_transactions.description, fv_transactions.amount, fv_transactions.balance,
        fv_transactions.category_id, fv_accounts.name AS account_name, fv_accounts.currency,
        ${key}::text AS sort_key,
        row_number() OVER (ORDER BY ${key} ${direction}, fv_transactions.id ${direction}) AS position
      FROM fv_transactions JOIN fv_accounts ON fv_accounts.id = fv_transactions.account_id
      WHERE ${where}
      ORDER BY ${key} ${direction}, fv_transactions.id ${direction}
      LIMIT ${options.size}
    )
    SELECT
      coalesce(string_agg(
        to_char(batch.value_date, 'DD/MM/YYYY') || ';' || to_char(batch.operation_date, 'DD/MM/YYYY')
        || ';' || ${textCell(sql`batch.description`)} || ';' || ${amountCell(sql`batch.amount`)}
        || ';' || ${amountCell(sql`batch.balance`)} || ';' || batch.currency
        || ';' || ${textCell(sql`batch.account_name`)} || ';' || ${textCell(sql`category.name`)}
        || ';' || ${textCell(sql`category.parent`)} || E'\\r\\n',
        '' ORDER BY batch.position), '') AS text,
      count(*)::int AS count,
      (SELECT sort_key FROM batch ORDER BY position DESC LIMIT 1) AS last_value,
      (SELECT id::text FROM batch ORDER BY position DESC LIMIT 1) AS last_id
    FROM batch JOIN ${categoryNames(options.language)} ON category.id = batch.category_id`)) as {
    rows: { text: string; count: number; last_value: string | null; last_id: string | null }[];
  };
  const row = result.rows[0];
  return {
    text: row?.text ?? '',
    count: row?.count ?? 0,
    last:
      row?.last_value != null && row.last_id != null
        ? { value: row.last_value, id: row.last_id }
        : undefined,
  };
}

/**
 * On PostgreSQL, the same CSV rows (without the header) in one pass: `COPY … TO STDOUT`
 * formats and quotes them in the server and streams them as they are read, with no paging
 * query per batch. COPY takes no bind parameters, so the values are written into the SQL as
 * escaped literals (standard-conforming strings; every value was checked by the route).
 * Lines end in `\n`; the caller turns them into `\r\n`. `undefined` on PGlite.
 */
export async function copyCsvRows(
  executor: Executor,
  scope: TransactionScope,
  options: { sort: TransactionSort; language: Language },
): Promise<Readable | undefined> {
  const pool = (executor as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return undefined;
  const key = sortExpression(options.sort.field);
  const direction = sql.raw(options.sort.direction);
  const where = isEmpty(scope) ? sql`false` : filterConditions(scope);
  // Dates print as dd/mm/yyyy through the session's DateStyle: to_char on two columns of a
  // million rows took about as long as the rest of the row.
  const query = sql`
    SELECT fv_transactions.value_date, fv_transactions.operation_date,
      ${safeText(sql`fv_transactions.description`)},
      ${amountCell(sql`fv_transactions.amount`, sql`NULL`)},
      ${amountCell(sql`fv_transactions.balance`, sql`NULL`)},
      fv_accounts.currency, ${safeText(sql`fv_accounts.name`)}, category.name, category.parent
    FROM fv_transactions JOIN fv_accounts ON fv_accounts.id = fv_transactions.account_id
      JOIN ${categoryNames(options.language)} ON category.id = fv_transactions.category_id
    WHERE ${where}
    ORDER BY ${key} ${direction}, fv_transactions.id ${direction}`;
  const text = new PgDialect().sqlToQuery(query.inlineParams()).sql;
  const client = await pool.connect();
  try {
    await client.query(`SET DateStyle = 'SQL, DMY'`);
  } catch (error) {
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  const rows = client.query(
    copyTo(`COPY (${text}) TO STDOUT WITH (FORMAT csv, DELIMITER ';', QUOTE '"')`),
  );
  // 'close' follows the end, an error and a download cut short alike. A COPY not read to its
  // end leaves the connection mid-protocol (and in its DateStyle): released with an error, the
  // pool closes it instead of handing it out again. One read to its end is handed back reset.
  let failure: Error | undefined;
  rows.on('error', (error) => {
    failure = error;
  });
  rows.once('close', () => {
    if (!rows.readableEnded) {
      client.release(failure ?? new Error('CSV download stopped'));
      return;
    }
    client.query('RESET DateStyle').then(
      () => {
        client.release();
      },
      (error: unknown) => {
        client.release(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
  return rows;
}
