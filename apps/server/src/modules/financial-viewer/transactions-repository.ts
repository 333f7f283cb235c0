import type { TTransactionFilters, TransactionSortField } from '@app/contracts/financial-viewer';
import type { Readable } from 'node:stream';
import { and, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Executor } from '../../db/client.js';
import { COPY_DEVICE, copyToBuffer } from '../../db/copy-device.js';
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
  requested: TTransactionFilters,
): Promise<TransactionScope> {
  const filters = await withoutIdleDateBounds(executor, teamId, requested);
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

/**
 * The filters without a value date bound that no transaction of the team lies beyond (a
 * five-year range over three years of data): without it the pages and counts read the
 * accounts' kept totals instead of summing a count per day. Two index probes.
 */
async function withoutIdleDateBounds(
  executor: Executor,
  teamId: string,
  filters: TTransactionFilters,
): Promise<TTransactionFilters> {
  if (!filters.valueDateFrom && !filters.valueDateTo) return filters;
  const [bounds] = await executor
    .select({
      first: sql<string | null>`min(${fvTransactions.valueDate})::text`,
      last: sql<string | null>`max(${fvTransactions.valueDate})::text`,
    })
    .from(fvTransactions)
    .where(eq(fvTransactions.teamId, teamId));
  if (!bounds?.first || !bounds.last) return filters;
  const { valueDateFrom, valueDateTo, ...rest } = filters;
  return {
    ...rest,
    ...(valueDateFrom && valueDateFrom > bounds.first ? { valueDateFrom } : {}),
    ...(valueDateTo && valueDateTo < bounds.last ? { valueDateTo } : {}),
  };
}

/** The scope's accounts: the team's, or those of its account filter. */
function scopeAccounts(scope: TransactionScope): SQL[] {
  const conditions = [eq(fvAccounts.teamId, scope.teamId)];
  if (scope.accountIds) conditions.push(inArray(fvAccounts.id, scope.accountIds));
  return conditions;
}

/**
 * The scope's account names in the sort's order, each with its accounts and their transaction
 * counts (all, income, expense): the accounts' kept totals, or with a value date filter the
 * sums of their per-day counts in the range.
 */
async function findAccountNames(
  executor: Executor,
  scope: TransactionScope,
  direction: TransactionSort['direction'],
) {
  const { filters } = scope;
  const hasDates = Boolean(filters.valueDateFrom || filters.valueDateTo);
  const inRange = executor
    .select({
      accountId: fvDailyCashflow.accountId,
      all: sql<string>`sum(${fvDailyCashflow.transactionCount})`.as('all_count'),
      income: sql<string>`sum(${fvDailyCashflow.incomeCount})`.as('income_count'),
      expense: sql<string>`sum(${fvDailyCashflow.expenseCount})`.as('expense_count'),
    })
    .from(fvDailyCashflow)
    .where(allOf(dailyConditions(scope)))
    .groupBy(fvDailyCashflow.accountId)
    .as('in_range');
  const counts = hasDates
    ? // The subquery's own columns: inside `sql` its fields would print their expressions.
      {
        all: sql`in_range.all_count`,
        income: sql`in_range.income_count`,
        expense: sql`in_range.expense_count`,
      }
    : {
        all: fvAccounts.transactionCount,
        income: fvAccounts.incomeCount,
        expense: fvAccounts.expenseCount,
      };
  const query = executor
    .select({
      accountIds: sql<string[]>`array_agg(${fvAccounts.id}::text)`,
      all: sql<string>`coalesce(sum(${counts.all}), 0)`,
      income: sql<string>`coalesce(sum(${counts.income}), 0)`,
      expense: sql<string>`coalesce(sum(${counts.expense}), 0)`,
    })
    .from(fvAccounts);
  const names = await (
    hasDates ? query.leftJoin(inRange, eq(inRange.accountId, fvAccounts.id)) : query
  )
    .where(allOf(scopeAccounts(scope)))
    .groupBy(fvAccounts.name)
    .orderBy(sql`${fvAccounts.name} ${sql.raw(direction)}`);
  return names.map((name) => ({
    accountIds: name.accountIds,
    counts: { all: Number(name.all), income: Number(name.income), expense: Number(name.expense) },
  }));
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
  return allOf([eq(fvTransactions.teamId, scope.teamId), ...transactionFilters(scope)]);
}

/** The scope's conditions but the team's. */
function transactionFilters(scope: TransactionScope): SQL[] {
  const { filters } = scope;
  const conditions: SQL[] = [];
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
  return conditions;
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

/**
 * The order of rows with equal sort keys: the id, so that pages never overlap; sorted by
 * account name, an account's rows by value date then id, as the account's index keeps them.
 */
function tieBreak(sort: TransactionSort): SQL[] {
  const direction = sql.raw(sort.direction);
  const id = sql`${fvTransactions.id} ${direction}`;
  if (sort.field !== 'accountName') return [id];
  return [sql`${fvTransactions.valueDate} ${direction}`, id];
}

/** A sort's order, the grid's and the CSV's: its key, then `tieBreak`. */
function orderBy(sort: TransactionSort): SQL[] {
  return [sql`${SORT_COLUMNS[sort.field]} ${sql.raw(sort.direction)}`, ...tieBreak(sort)];
}

export async function findTransactionPage(
  executor: Executor,
  scope: TransactionScope,
  options: { sort: TransactionSort; limit: number; offset: number },
): Promise<TransactionListRow[]> {
  if (isEmpty(scope)) return [];
  const page = executor
    .select(listColumns)
    .from(fvTransactions)
    .innerJoin(fvAccounts, eq(fvAccounts.id, fvTransactions.accountId))
    .orderBy(...orderBy(options.sort));
  if (options.sort.field !== 'accountName') {
    return page.where(filterConditions(scope)).limit(options.limit).offset(options.offset);
  }
  const ids = await findPageIdsByAccountName(executor, scope, options);
  return ids.length === 0 ? [] : page.where(inArray(fvTransactions.id, ids));
}

/**
 * The ids of a page sorted by account name. Where the kept counts answer for the filters (the
 * accounts' totals, or their per-day counts in a value date range), the names before the page
 * are skipped whole and only the names on it are read.
 */
async function findPageIdsByAccountName(
  executor: Executor,
  scope: TransactionScope,
  options: { sort: TransactionSort; limit: number; offset: number },
): Promise<string[]> {
  const { filters } = scope;
  if (!isCountable(filters)) return findPageIdsOfAccounts(executor, scope, options);
  const names = await findAccountNames(executor, scope, options.sort.direction);
  const ids: string[] = [];
  let offset = options.offset;
  for (const name of names) {
    const count = name.counts[filters.amountSign];
    if (offset >= count) {
      offset -= count;
      continue;
    }
    const limit = options.limit - ids.length;
    const nameScope = { ...scope, accountIds: name.accountIds };
    ids.push(...(await findPageIdsOfAccounts(executor, nameScope, { ...options, limit, offset })));
    offset = 0;
    if (ids.length === options.limit) break;
  }
  return ids;
}

/**
 * The ids of a page of the scope's accounts sorted by account name. No index of the
 * transactions serves that sort, so the database would sort every matching row for each page;
 * but a page needs at most offset + limit rows of each account, read in value date and id order
 * through the account's index.
 */
async function findPageIdsOfAccounts(
  executor: Executor,
  scope: TransactionScope,
  options: { sort: TransactionSort; limit: number; offset: number },
): Promise<string[]> {
  const direction = sql.raw(options.sort.direction);
  const firstOfAccount = executor
    .select({ id: fvTransactions.id, valueDate: fvTransactions.valueDate })
    .from(fvTransactions)
    .where(and(eq(fvTransactions.accountId, fvAccounts.id), filterConditions(scope)))
    .orderBy(...tieBreak(options.sort))
    .limit(options.offset + options.limit)
    .as('first_of_account');
  const rows = await executor
    .select({ id: firstOfAccount.id })
    .from(fvAccounts)
    .crossJoinLateral(firstOfAccount)
    .where(allOf(scopeAccounts(scope)))
    .orderBy(
      sql`${fvAccounts.name} ${direction}`,
      sql`${firstOfAccount.valueDate} ${direction}`,
      sql`${firstOfAccount.id} ${direction}`,
    )
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((row) => row.id);
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
    return sumCounts(executor, fvAccounts, filters.amountSign, scopeAccounts(scope));
  }
  return sumCounts(executor, fvDailyCashflow, filters.amountSign, dailyConditions(scope));
}

/** The per-day counts of the scope's accounts in its value date range. */
function dailyConditions(scope: TransactionScope): SQL[] {
  const { filters } = scope;
  const conditions = [eq(fvDailyCashflow.teamId, scope.teamId)];
  if (scope.accountIds) conditions.push(inArray(fvDailyCashflow.accountId, scope.accountIds));
  if (filters.valueDateFrom)
    conditions.push(sql`${fvDailyCashflow.day} >= ${filters.valueDateFrom}`);
  if (filters.valueDateTo) conditions.push(sql`${fvDailyCashflow.day} <= ${filters.valueDateTo}`);
  return conditions;
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

type AutomaticScope = { isIncome: boolean; excludeId: string };

/**
 * The team's transactions of one direction whose category no person set, the corrected one
 * left out.
 */
function automaticTransactions(teamId: string, scope: AutomaticScope): SQL {
  return sql`${fvTransactions.teamId} = ${teamId}
    AND ${fvTransactions.isCategoryManual} = false
    AND ${fvTransactions.id} <> ${scope.excludeId}
    AND ${scope.isIncome ? sql`${fvTransactions.amount} > 0` : sql`${fvTransactions.amount} <= 0`}`;
}

/**
 * The distinct descriptions of the transactions a new rule may recategorise, as the JSON text
 * of a list of strings for a worker thread: the categoriser reads only a description and the
 * direction of money, so each one is asked once however many transactions share it.
 */
export async function findAutomaticDescriptions(
  executor: Executor,
  teamId: string,
  scope: AutomaticScope,
): Promise<string> {
  const result = (await executor.execute(sql`
    SELECT coalesce(json_agg(description)::text, '[]') AS list
    FROM (SELECT DISTINCT ${fvTransactions.description} AS description FROM ${fvTransactions}
      WHERE ${automaticTransactions(teamId, scope)}) AS described`)) as {
    rows: { list: string }[];
  };
  return result.rows[0]?.list ?? '[]';
}

export type DescriptionCategory = { description: string; categoryId: number; confidence: number };

/**
 * Gives the transactions of `scope` with these descriptions their new category, in one
 * statement; a transaction already in it keeps its confidence. Returns how many changed.
 */
export async function recategorizeDescriptions(
  executor: Executor,
  teamId: string,
  scope: AutomaticScope,
  categories: DescriptionCategory[],
): Promise<number> {
  if (categories.length === 0) return 0;
  const result = (await executor.execute(sql`
    WITH answer AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(categories)}::json)
        AS answer(description text, "categoryId" integer, confidence real)
    ), changed AS (
      UPDATE ${fvTransactions}
      SET category_id = answer."categoryId", category_confidence = answer.confidence
      FROM answer
      WHERE ${automaticTransactions(teamId, scope)}
        AND ${fvTransactions.description} = answer.description
        AND ${fvTransactions.categoryId} <> answer."categoryId"
      RETURNING 1
    )
    SELECT count(*)::integer AS changed FROM changed`)) as { rows: { changed: number }[] };
  return result.rows[0]?.changed ?? 0;
}

// --- CSV export ---

/** The order of a CSV part's rows; in a part of one account name (`findCsvParts`), `tieBreak`. */
function csvOrder(sort: TransactionSort, isOneName = false): SQL {
  return sql.join(isOneName ? tieBreak(sort) : orderBy(sort), sql`, `);
}

/**
 * The CSV rows (without the header) as one `COPY … TO` statement: the database formats and
 * quotes them. COPY takes no bind parameters, so the values are written into the SQL as
 * escaped literals (standard-conforming strings; every value was checked by the route). Dates
 * print as dd/mm/yyyy through the session's DateStyle (`SQL, DMY`): to_char on two columns of
 * a million rows took about as long as the rest of the row. The amount and the balance are
 * written in cents and each line ends with the row's account id and category id, and `\n`; as
 * the rows are sent, `csvRowFinisher` writes the cents with a decimal comma, the names in
 * place of the ids, and guards the texts against formulas (formatting the cents in SQL cost
 * COPY about 0.7 s per million rows on PGlite). Read from the transactions
 * alone, the rows keep the order of the sort's index, where joined to the accounts and the
 * categories each batch was sorted again.
 */
function copyStatement(
  scope: TransactionScope,
  options: {
    sort: TransactionSort;
    isOneName?: boolean;
    range?: SQL | undefined;
    target: string;
  },
): string {
  const conditions = isEmpty(scope) ? sql`false` : filterConditions(scope);
  const where = options.range ? sql`${conditions} AND ${options.range}` : conditions;
  // Sorted by account name in one pass (PostgreSQL), the order needs the accounts' names.
  const accounts =
    options.sort.field === 'accountName' && !options.isOneName
      ? sql`JOIN fv_accounts ON fv_accounts.id = fv_transactions.account_id`
      : sql``;
  const query = sql`
    SELECT fv_transactions.value_date, fv_transactions.operation_date,
      fv_transactions.description, fv_transactions.amount, fv_transactions.balance,
      fv_transactions.account_id, fv_transactions.category_id
    FROM fv_transactions ${accounts}
    WHERE ${where}
    ORDER BY ${csvOrder(options.sort, options.isOneName)}`;
  const text = new PgDialect().sqlToQuery(query.inlineParams()).sql;
  return `COPY (${text}) TO ${options.target} WITH (FORMAT csv, DELIMITER ';', QUOTE '"')`;
}

/**
 * The parts of a CSV export on PGlite, read by keyset batches one after another: the scope, or
 * for the account-name sort, which no index of the transactions serves, one scope per name of
 * the scope's accounts, in the sort's order of names. A part's rows are then read by value date
 * and id through the account's index, where each batch would otherwise sort every row left.
 */
export async function findCsvParts(
  executor: Executor,
  scope: TransactionScope,
  sort: TransactionSort,
): Promise<TransactionScope[]> {
  if (sort.field !== 'accountName' || isEmpty(scope)) return [scope];
  const names = await findAccountNames(executor, scope, sort.direction);
  return names.map((name) => ({ ...scope, accountIds: name.accountIds }));
}

/** Where a CSV batch ends: the sort key (as text) and id of its last row. */
export type CsvPosition = { value: string; id: string };

/**
 * On PGlite, the CSV of a part's next `size` rows after `after` in the sort order (keyset paging),
 * or `undefined` past the last row. The last row's key is read first, then COPY writes the
 * rows up to it into a blob: the database formats the whole batch in one statement. Both run
 * in one transaction, which also holds the DateStyle, so no other query sees it.
 */
export async function copyCsvBatch(
  executor: Executor,
  scope: TransactionScope,
  options: {
    sort: TransactionSort;
    after: CsvPosition | undefined;
    size: number;
  },
): Promise<{ csv: Buffer; last: CsvPosition | undefined } | undefined> {
  const client = (executor as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('copyCsvBatch needs the PGlite database');
  if (isEmpty(scope)) return undefined;
  // Sorted by account name, a part holds one name (`findCsvParts`): its rows follow their
  // value date (`csvOrder`).
  const isOneName = options.sort.field === 'accountName';
  const key = isOneName ? sql`fv_transactions.value_date` : sortExpression(options.sort.field);
  const [before, beyond] = options.sort.direction === 'asc' ? ['>', '<='] : ['<', '>='];
  // Sorted by a date, the batch's range also bounds the date alone: the planner then expects
  // about as few rows as the batch holds and reads them through the date's index, the table
  // holding them about in that order (statements come in by date); with the row comparison
  // alone it expected ten times more and read them through a bitmap of the table (PGlite, a
  // million rows, runs side by side: 4.2–4.8 s against 4.6–5.0 s). Other keys keep the row
  // comparison alone: in no order of the table, their batches read through the index took
  // longer (amounts: 11.5 s against 9.1 s).
  const isDateKey = isOneName || ['valueDate', 'operationDate'].includes(options.sort.field);
  const position = (row: CsvPosition, comparison: string) => {
    const rowRange = sql`(${key}, fv_transactions.id) ${sql.raw(comparison)} (${row.value}, ${row.id}::uuid)`;
    if (!isDateKey) return rowRange;
    return sql`${rowRange} AND ${key} ${sql.raw(comparison.slice(0, 1))}= ${row.value}`;
  };
  const fromStart = options.after ? position(options.after, before) : undefined;
  // The boundary reads the transactions alone, so that an index holding the key, the id and
  // the conditions answers it without reading the table (on PGlite, a million rows sorted by
  // amount: 0.6 s, against 9 s joined to the accounts). With the scope's accounts listed (read
  // from the team's accounts) it leaves out the team, which the accounts' index does not hold;
  // the COPY below, which writes the rows, filters by the team.
  const conditions = scope.accountIds ? transactionFilters(scope) : [filterConditions(scope)];
  const boundary = new PgDialect().sqlToQuery(sql`
    SELECT ${key}::text AS value, fv_transactions.id::text AS id
    FROM fv_transactions
    WHERE ${allOf(fromStart ? [...conditions, fromStart] : conditions)}
    ORDER BY ${csvOrder(options.sort, isOneName)}
    OFFSET ${options.size - 1} LIMIT 1`);
  return client.transaction(async (tx) => {
    const last = (await tx.query<CsvPosition>(boundary.sql, boundary.params)).rows[0];
    const ranges = [fromStart, last && position(last, beyond)].filter((range) => !!range);
    await tx.exec(`SET LOCAL DateStyle = 'SQL, DMY'`);
    const csv = await copyToBuffer(
      client,
      tx,
      copyStatement(scope, {
        ...options,
        isOneName,
        range: ranges.length > 0 ? allOf(ranges) : undefined,
        target: `'${COPY_DEVICE}'`,
      }),
    );
    return csv.length > 0 ? { csv, last } : undefined;
  });
}

/**
 * On PostgreSQL, the CSV rows in one pass: `COPY … TO STDOUT` formats and quotes them in the
 * server and streams them as they are read, with no paging query per batch. `undefined` on
 * PGlite.
 */
export async function copyCsvRows(
  executor: Executor,
  scope: TransactionScope,
  options: { sort: TransactionSort },
): Promise<Readable | undefined> {
  const pool = (executor as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return undefined;
  const text = copyStatement(scope, { ...options, target: 'STDOUT' });
  const client = await pool.connect();
  try {
    await client.query(`SET DateStyle = 'SQL, DMY'`);
  } catch (error) {
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  const rows = client.query(copyTo(text));
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
