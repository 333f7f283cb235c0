import { Readable } from 'node:stream';
import type { Language, TTransactionFilters } from '@app/contracts';
import { CATEGORY_TAXONOMY } from '@app/finance';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  filterConditions,
  parseSort,
  resolveScope,
  sortExpression,
  type TransactionScope,
  type TransactionSort,
} from './transaction-queries.js';

const CSV_BATCH = 20_000;
const CSV_HEADERS: Record<Language, string[]> = {
  'en-US': [
    'Value date',
    'Operation date',
    'Description',
    'Amount',
    'Balance',
    'Currency',
    'Account',
    'Category',
    'Parent category',
  ],
  es: [
    'Fecha valor',
    'Fecha operación',
    'Concepto',
    'Importe',
    'Saldo',
    'Divisa',
    'Cuenta',
    'Categoría',
    'Categoría principal',
  ],
};

/**
 * A text cell for a spreadsheet: a value that would run as a formula (`=`, `+`, `-`, `@`, tab,
 * carriage return) gets a leading apostrophe (OWASP CSV injection), and one holding the
 * separator, a quote or a line break is quoted.
 */
function textCell(value: SQL): SQL {
  const safe = sql`(CASE WHEN ${value} ~ '^[-=+@\t\r]' THEN '''' || ${value} ELSE ${value} END)`;
  return sql`(CASE WHEN ${safe} ~ '[;"\r\n]' THEN '"' || replace(${safe}, '"', '""') || '"' ELSE ${safe} END)`;
}

/** Cents as Spanish Excel reads them: `-1234,50`. */
function amountCell(cents: SQL): SQL {
  return sql`(CASE WHEN ${cents} IS NULL THEN '' ELSE
    (CASE WHEN ${cents} < 0 THEN '-' ELSE '' END) || (abs(${cents}) / 100)::text || ',' ||
    lpad((abs(${cents}) % 100)::text, 2, '0') END)`;
}

function categoryNames(language: Language): SQL {
  const rows = CATEGORY_TAXONOMY.flatMap((parent) =>
    parent.subcategories.map(
      (subcategory) =>
        sql`(${subcategory.id}::int, ${subcategory.names[language]}::text, ${parent.names[language]}::text)`,
    ),
  );
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS category(id, name, parent)`;
}

type CsvBatch = { text: string; count: number; last: { value: string; id: string } | undefined };

/**
 * The next rows after `after` in the sort order (keyset paging), written as CSV lines by the
 * database itself: one text value travels instead of every column of every row.
 */
async function findCsvBatch(
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
      SELECT fv_transactions.*, fv_accounts.name AS account_name, fv_accounts.currency,
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
      (array_agg(batch.sort_key ORDER BY batch.position DESC))[1] AS last_value,
      (array_agg(batch.id::text ORDER BY batch.position DESC))[1] AS last_id
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
 * Every filtered transaction as CSV for Spanish Excel (UTF-8 with a byte-order mark, `;`,
 * decimal commas, dd/mm/yyyy), read in keyset batches and written as it goes, so memory
 * stays flat whatever the number of rows.
 */
export function streamTransactionsCsv(
  executor: Executor,
  options: {
    teamId: string;
    language: Language;
    filters: TTransactionFilters;
    sortBy: string;
    batchSize?: number;
  },
): Readable {
  const sort = parseSort(options.sortBy);
  const size = options.batchSize ?? CSV_BATCH;
  let after: CsvBatch['last'];
  let scope: TransactionScope | undefined;
  async function readBatch(stream: Readable): Promise<void> {
    const isFirst = scope === undefined;
    scope ??= await resolveScope(executor, options.teamId, options.filters);
    const batch = await findCsvBatch(executor, scope, {
      sort,
      after,
      language: options.language,
      size,
    });
    after = batch.last;
    const header = isFirst ? `\uFEFF${CSV_HEADERS[options.language].join(';')}\r\n` : '';
    if (header + batch.text) stream.push(header + batch.text);
    if (batch.count < size) stream.push(null);
  }
  return new Readable({
    read() {
      readBatch(this).catch((error: unknown) => {
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    },
  });
}

/** `transactions-20261125-031500.csv`: the moment of the download, UTC. */
export function csvFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `transactions-${stamp}.csv`;
}
