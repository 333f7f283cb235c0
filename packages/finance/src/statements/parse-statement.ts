import { getCellText } from './cell-text.js';
import { checkBalance } from './check-balance.js';
import { findStatedAccounts } from './find-stated-accounts.js';
import { detectTable, type Assignment, type DetectedTable } from './detect-table.js';
import { detectDecimalSeparator } from './parse-amount.js';
import { detectDateOrder } from './parse-date.js';
import { readStatementFile } from './read-statement-file.js';
import { readTransactions } from './read-transactions.js';
import { StatementImportError } from './statement-import-error.js';
import type {
  Cell,
  ColumnMapping,
  ColumnRole,
  DetectedColumn,
  ParseStatementOptions,
  ResolvedMapping,
  Sheet,
  StatementLayout,
  StatementLimits,
  StatementParseResult,
} from './statement-types.js';

export const DEFAULT_STATEMENT_LIMITS: StatementLimits = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 200_000,
  maxColumns: 500,
  maxUnpackedBytes: 128 * 1024 * 1024,
};

const PREVIEW_ROWS = 20;
const PREVIEW_CELL_CHARS = 200;
type SingleColumnRole = Exclude<ColumnRole, 'description'>;

const MAPPING_ROLES: readonly SingleColumnRole[] = [
  'operationDate',
  'valueDate',
  'amount',
  'debit',
  'credit',
  'direction',
  'balance',
  'status',
  'fee',
];

function invalidMapping(message: string): never {
  throw new StatementImportError('invalid-mapping', message);
}

function checkColumn(name: string, column: number | undefined, maxColumns: number): void {
  if (column === undefined) return;
  if (!Number.isInteger(column) || column < 0 || column >= maxColumns) {
    invalidMapping(`The ${name} column ${String(column)} is not a column of the table.`);
  }
}

/** The table a caller's mapping describes, after checking it points inside the file. */
function useMapping(
  sheets: readonly Sheet[],
  mapping: ColumnMapping,
  maxColumns: number,
): DetectedTable {
  const sheetIndex =
    mapping.sheet === undefined
      ? (detectTable(sheets)?.sheetIndex ?? 0)
      : sheets.findIndex((sheet) => sheet.name === mapping.sheet);
  const sheet = sheets[sheetIndex];
  if (sheet === undefined) invalidMapping(`The file has no sheet "${mapping.sheet ?? ''}".`);
  const { headerRow } = mapping;
  if (
    headerRow !== null &&
    (!Number.isInteger(headerRow) || headerRow < 1 || headerRow > sheet.rows.length)
  ) {
    invalidMapping(`Row ${String(headerRow)} is not a row of sheet "${sheet.name}".`);
  }
  for (const role of MAPPING_ROLES) checkColumn(role, mapping[role], maxColumns);
  for (const column of mapping.description) checkColumn('description', column, maxColumns);
  if (mapping.amount === undefined && mapping.debit === undefined && mapping.credit === undefined) {
    invalidMapping('The mapping needs an amount column, or debit and credit columns.');
  }
  const assignments = new Map<number, Assignment>();
  for (const role of MAPPING_ROLES) {
    const column = mapping[role];
    if (column !== undefined && !assignments.has(column))
      assignments.set(column, { role, confidence: 1 });
  }
  for (const column of mapping.description) {
    if (!assignments.has(column)) assignments.set(column, { role: 'description', confidence: 1 });
  }
  const headerIndex = headerRow === null ? null : headerRow - 1;
  return {
    sheetIndex,
    headerIndex,
    startIndex: headerIndex === null ? 0 : headerIndex + 1,
    assignments,
    mapping: { ...mapping, sheet: sheet.name },
    confidence: 1,
  };
}

function collectTexts(
  rows: readonly Cell[][],
  startIndex: number,
  columns: (number | undefined)[],
): string[] {
  const texts: string[] = [];
  const present = columns.filter((column) => column !== undefined);
  for (let index = startIndex; index < rows.length; index++) {
    const row = rows[index];
    if (row === undefined) continue;
    for (const column of present) {
      const cell = row[column];
      if (typeof cell === 'string' && cell !== '') texts.push(cell);
    }
  }
  return texts;
}

function toPreviewText(cell: Cell | undefined): string {
  const text = getCellText(cell);
  return text.length > PREVIEW_CELL_CHARS ? text.slice(0, PREVIEW_CELL_CHARS) : text;
}

function describeColumns(rows: readonly Cell[][], table: DetectedTable): DetectedColumn[] {
  const header = table.headerIndex === null ? [] : (rows[table.headerIndex] ?? []);
  let width = header.length;
  for (const row of rows.slice(table.startIndex, table.startIndex + 200))
    width = Math.max(width, row.length);
  return Array.from({ length: width }, (_, index) => {
    const assignment = table.assignments.get(index);
    return {
      index,
      header: getCellText(header[index]),
      role: assignment?.role ?? null,
      confidence: Math.round((assignment?.confidence ?? 0) * 100) / 100,
    };
  });
}

/**
 * Reads a bank statement (.csv, .xls, .xlsx, or an HTML table saved as .xls) into
 * transactions in cents. The layout — which row is the header, which column is what, the
 * date order and decimal separator — is detected and returned with its confidence, unless a
 * `mapping` is given. Rows that cannot be read are listed with their row number and reason;
 * rows that are not transactions are listed as skipped. Throws `StatementImportError` when
 * the whole file cannot be used.
 */
export function parseStatement(options: ParseStatementOptions): StatementParseResult {
  const limits = { ...DEFAULT_STATEMENT_LIMITS, ...options.limits };
  const file = readStatementFile(options.data, limits);
  const table = options.mapping
    ? useMapping(file.sheets, options.mapping, limits.maxColumns)
    : detectTable(file.sheets);
  const sheet = table === null ? undefined : file.sheets[table.sheetIndex];
  if (table === null || sheet === undefined) {
    throw new StatementImportError(
      'no-table',
      'No table of transactions was found: no rows with a date and an amount column.',
    );
  }
  const { mapping } = table;
  const dates = detectDateOrder(
    collectTexts(sheet.rows, table.startIndex, [mapping.operationDate, mapping.valueDate]),
  );
  const decimalSeparator =
    mapping.decimalSeparator ??
    detectDecimalSeparator(
      collectTexts(sheet.rows, table.startIndex, [
        mapping.amount,
        mapping.debit,
        mapping.credit,
        mapping.balance,
        mapping.fee,
      ]),
    );
  const resolved: ResolvedMapping = {
    ...mapping,
    dateOrder: mapping.dateOrder ?? dates.order,
    decimalSeparator,
  };
  const columns = describeColumns(sheet.rows, table);
  const headers = columns.map((column) => column.header);
  const read = readTransactions({
    rows: sheet.rows,
    startIndex: table.startIndex,
    mapping: resolved,
    headers,
  });
  const previewStart = table.headerIndex ?? table.startIndex;
  const layout: StatementLayout = {
    format: file.format,
    encoding: file.encoding,
    delimiter: file.delimiter,
    sheetNames: file.sheets.map((candidate) => candidate.name),
    sheet: sheet.name,
    columns,
    mapping: resolved,
    amountRule:
      mapping.amount === undefined
        ? 'debit-credit'
        : mapping.direction === undefined
          ? 'signed'
          : 'direction',
    isDateOrderCertain: mapping.dateOrder !== undefined || dates.isCertain,
    confidence: Math.round(table.confidence * 100) / 100,
    preview: {
      headerRow: table.headerIndex === null ? null : table.headerIndex + 1,
      rows: sheet.rows
        .slice(previewStart, previewStart + PREVIEW_ROWS + 1)
        .map((row) => columns.map((column) => toPreviewText(row[column.index]))),
    },
  };
  return {
    layout,
    ...read,
    statedAccounts: findStatedAccounts(sheet.rows, table.headerIndex ?? 0),
    balanceCheck:
      mapping.balance === undefined
        ? { status: 'not-available', reason: 'The statement has no balance column.' }
        : checkBalance(read.transactions),
  };
}
