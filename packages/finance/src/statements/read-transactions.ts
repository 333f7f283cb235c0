import { getCellText, isBlankCell, isBlankRow } from './cell-text.js';
import { isDateSerial } from './detect-table.js';
import { isFormulaLike } from './neutralize-csv-cell.js';
import { normalizeHeader } from './match-header.js';
import { parseAmountCell, type AmountResult } from './parse-amount.js';
import { formatExcelSerial, parseDateText } from './parse-date.js';
import { isNotCompletedStatus, readDirectionFlag } from './read-flags.js';
import type {
  Cell,
  DateOrder,
  ResolvedMapping,
  RowError,
  RowErrorCode,
  RowWarning,
  SkippedRow,
  StatementTransaction,
} from './statement-types.js';

/** Opening/closing balances, turnover and total lines that sit among the transactions. */
const SUMMARY_LINE =
  /^(?:(?:saldo|balance|solde|kontostand|egyenleg) (?:inicial|final|anterior|actual|al|de apertura|de cierre|apertura|cierre|opening|closing|initial|previo|brought forward|carried forward)\b|(?:opening|closing|initial|final|starting|ending|previous|new|old|current|available|ledger) balance\b|turnover\b|(?:total|totales|subtotal|suma|summe)(?: (?:movimientos|cargos|abonos|debits?|credits?|ingresos|gastos|del periodo|periodo|period))?$)/;
// A cheap first look, so only candidate rows pay for the normalisation SUMMARY_LINE needs.
const SUMMARY_HINT =
  /^[^\p{L}\p{N}]*(?:saldo|balance|solde|kontostand|egyenleg|opening|closing|initial|final|starting|ending|previous|new|old|current|available|ledger|turnover|total|totales|subtotal|suma|summe)\b/iu;
const MAX_DETAIL = 80;

export type ReadTransactionsResult = {
  transactions: StatementTransaction[];
  errors: RowError[];
  skipped: SkippedRow[];
  warnings: RowWarning[];
};

type RowContext = {
  row: readonly Cell[];
  rowNumber: number;
  mapping: ResolvedMapping;
  headers: readonly string[];
  /** -1 when the debit column holds positive outflows (the usual), 1 when it carries the minus sign itself. */
  debitSign: -1 | 1;
  /** The same for the fee column: -1 when fees are written positive (Stripe), 1 when negative (PayPal). */
  feeSign: -1 | 1;
};

class RowProblem extends Error {
  constructor(
    readonly code: RowErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

function normalizeLine(text: string): string {
  return normalizeHeader(text).join(' ');
}

function isSummaryLine(text: string): boolean {
  return SUMMARY_HINT.test(text) && SUMMARY_LINE.test(normalizeLine(text));
}

function columnName(context: RowContext, column: number): string {
  const header = context.headers[column];
  return header !== undefined && header !== '' ? `'${header}'` : `column ${String(column + 1)}`;
}

function readDate(context: RowContext, column: number, code: RowErrorCode): string {
  const cell = context.row[column] ?? null;
  const text = getCellText(cell);
  const date =
    typeof cell === 'number'
      ? isDateSerial(cell)
        ? formatExcelSerial(cell, false)
        : null
      : parseDateText(text, context.mapping.dateOrder);
  if (date === null) {
    throw new RowProblem(code, `unreadable date '${text}' in ${columnName(context, column)}`);
  }
  return date;
}

function readMoney(context: RowContext, column: number, code: RowErrorCode): number {
  const cell = context.row[column] ?? null;
  const result: AmountResult =
    cell === null
      ? { ok: false, reason: 'empty' }
      : parseAmountCell(cell, context.mapping.decimalSeparator ?? undefined);
  if (!result.ok) {
    throw new RowProblem(
      code,
      `unreadable amount '${getCellText(cell)}' in ${columnName(context, column)} (${result.reason})`,
    );
  }
  return result.cents;
}

function isDateLike(cell: Cell | undefined, order: DateOrder): boolean {
  if (typeof cell === 'number') return isDateSerial(cell);
  return parseDateText(getCellText(cell), order) !== null;
}

function hasValue(row: readonly Cell[], column: number | undefined): boolean {
  return column !== undefined && !isBlankCell(row[column]);
}

/** The amount column's value, signed by the direction flag when there is one. */
function readSignedAmount(context: RowContext, column: number): number {
  const { row, mapping } = context;
  if (!hasValue(row, column)) {
    throw new RowProblem('missing-amount', `no amount in ${columnName(context, column)}`);
  }
  const cents = readMoney(context, column, 'invalid-amount');
  if (mapping.direction === undefined) return cents;
  const flag = getCellText(row[mapping.direction]);
  const sign = readDirectionFlag(flag);
  if (sign === null) {
    throw new RowProblem(
      'invalid-amount',
      `unknown debit/credit flag '${flag}' in ${columnName(context, mapping.direction)}`,
    );
  }
  return sign * Math.abs(cents);
}

function readAmount(context: RowContext): number {
  const { row, mapping } = context;
  if (mapping.amount !== undefined) {
    const amount = readSignedAmount(context, mapping.amount);
    if (mapping.fee === undefined || !hasValue(row, mapping.fee)) return amount;
    return amount + context.feeSign * readMoney(context, mapping.fee, 'invalid-amount');
  }
  const hasDebit = hasValue(row, mapping.debit);
  const hasCredit = hasValue(row, mapping.credit);
  if (!hasDebit && !hasCredit) throw new RowProblem('missing-amount', 'no debit or credit amount');
  const debit =
    hasDebit && mapping.debit !== undefined
      ? readMoney(context, mapping.debit, 'invalid-amount')
      : 0;
  const credit =
    hasCredit && mapping.credit !== undefined
      ? readMoney(context, mapping.credit, 'invalid-amount')
      : 0;
  return credit + context.debitSign * debit;
}

/**
 * How a column of outflows (debits, fees) signs its values. Usually they are positive there
 * and a negative one is money back in; some files write them negative instead.
 */
function findOutflowSign(
  rows: readonly Cell[][],
  startIndex: number,
  column: number | undefined,
  decimalSeparator: ResolvedMapping['decimalSeparator'],
): -1 | 1 {
  if (column === undefined) return -1;
  let negatives = 0;
  let positives = 0;
  for (let index = startIndex; index < rows.length; index++) {
    const cell = rows[index]?.[column];
    if (cell === undefined || cell === null || isBlankCell(cell)) continue;
    const amount = parseAmountCell(cell, decimalSeparator ?? undefined);
    if (!amount.ok) continue;
    if (amount.cents < 0) negatives++;
    else if (amount.cents > 0) positives++;
  }
  return negatives > positives ? 1 : -1;
}

function collapseSpaces(text: string): string {
  return /\s\s|[\t\n\r]/.test(text) ? text.replace(/\s+/g, ' ') : text;
}

function readDescription(row: readonly Cell[], columns: readonly number[]): string {
  if (columns.length === 1) return collapseSpaces(getCellText(row[columns[0] ?? 0]));
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const column of columns) {
    const text = collapseSpaces(getCellText(row[column]));
    const key = text.toLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    parts.push(text);
  }
  return parts.join(' | ');
}

function hasAnyAmount(row: readonly Cell[], mapping: ResolvedMapping): boolean {
  return [mapping.amount, mapping.debit, mapping.credit, mapping.balance].some((column) =>
    hasValue(row, column),
  );
}

function describeRow(row: readonly Cell[]): string {
  const text = row
    .map(getCellText)
    .filter((cell) => cell !== '')
    .join(' ');
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

function readTransaction(context: RowContext, description: string): StatementTransaction {
  const { row, rowNumber, mapping } = context;
  if (!hasValue(row, mapping.operationDate)) {
    throw new RowProblem(
      'missing-date',
      `no date in ${columnName(context, mapping.operationDate)}`,
    );
  }
  const operationDate = readDate(context, mapping.operationDate, 'invalid-date');
  const amount = readAmount(context);
  const valueDate =
    mapping.valueDate !== undefined && hasValue(row, mapping.valueDate)
      ? readDate(context, mapping.valueDate, 'invalid-value-date')
      : operationDate;
  const balance =
    mapping.balance !== undefined && hasValue(row, mapping.balance)
      ? readMoney(context, mapping.balance, 'invalid-balance')
      : null;
  return {
    txAmount: amount,
    txBalance: balance,
    txDescription: description,
    txValueDate: valueDate,
    txOperationDate: operationDate,
    row: rowNumber,
  };
}

/**
 * Reads the rows of a table with a mapping. Every row ends up in exactly one list: a
 * transaction, an error (looks like a transaction but cannot be read — with the row and the
 * reason), or skipped (blank, repeated header, summary line, a description carried over
 * from the row above, a transaction that did not go through).
 */
export function readTransactions(options: {
  rows: readonly Cell[][];
  startIndex: number;
  mapping: ResolvedMapping;
  headers: readonly string[];
}): ReadTransactionsResult {
  const { rows, startIndex, mapping, headers } = options;
  const result: ReadTransactionsResult = {
    transactions: [],
    errors: [],
    skipped: [],
    warnings: [],
  };
  const headerLine = normalizeLine(headers.join(' '));
  let lastIndex = rows.length - 1;
  while (lastIndex >= startIndex && isBlankRow(rows[lastIndex])) lastIndex--;
  let previous: { transaction: StatementTransaction; index: number } | null = null;
  const debitSign = findOutflowSign(rows, startIndex, mapping.debit, mapping.decimalSeparator);
  const feeSign = findOutflowSign(rows, startIndex, mapping.fee, mapping.decimalSeparator);

  const headerColumn = mapping.operationDate;
  const skip = (row: number, reason: SkippedRow['reason'], detail: string): void => {
    result.skipped.push({ row, reason, detail });
  };

  for (let index = startIndex; index <= lastIndex; index++) {
    const row = rows[index] ?? [];
    const rowNumber = index + 1;
    if (isBlankRow(row)) {
      skip(rowNumber, 'blank', 'empty row');
      continue;
    }
    const isHeaderAgain =
      headers[headerColumn] !== '' &&
      getCellText(row[headerColumn]) === headers[headerColumn] &&
      normalizeLine(row.map(getCellText).join(' ')) === headerLine;
    if (isHeaderAgain) {
      skip(rowNumber, 'repeated-header', 'the header row again');
      continue;
    }
    const description = readDescription(row, mapping.description);
    if (
      isSummaryLine(description) ||
      isSummaryLine(getCellText(row.find((cell) => !isBlankCell(cell))))
    ) {
      skip(rowNumber, 'summary', describeRow(row));
      continue;
    }
    if (mapping.status !== undefined && isNotCompletedStatus(getCellText(row[mapping.status]))) {
      skip(rowNumber, 'not-completed', `state '${getCellText(row[mapping.status])}'`);
      continue;
    }
    const hasAmount = hasAnyAmount(row, mapping);
    if (!hasAmount && !hasValue(row, mapping.operationDate)) {
      if (description !== '' && previous?.index === index - 1) {
        previous.transaction.txDescription =
          `${previous.transaction.txDescription} ${description}`.trim();
        previous.index = index;
        skip(
          rowNumber,
          'continuation',
          `continues the description of row ${String(previous.transaction.row)}`,
        );
      } else {
        skip(rowNumber, 'no-date-or-amount', describeRow(row));
      }
      continue;
    }
    if (!hasAmount && !isDateLike(row[mapping.operationDate], mapping.dateOrder)) {
      skip(rowNumber, 'no-date-or-amount', describeRow(row));
      continue;
    }
    try {
      const transaction = readTransaction(
        { row, rowNumber, mapping, headers, debitSign, feeSign },
        description,
      );
      result.transactions.push(transaction);
      previous = { transaction, index };
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      result.errors.push({ row: rowNumber, code: error.code, reason: error.reason });
      previous = null;
    }
  }
  for (const transaction of result.transactions) {
    if (isFormulaLike(transaction.txDescription)) {
      result.warnings.push({
        row: transaction.row,
        code: 'formula-like-text',
        reason:
          'the description starts like a spreadsheet formula; export it through neutralizeCsvCell',
      });
    }
  }
  return result;
}
