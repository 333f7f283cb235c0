import type { Transaction } from '../types.js';

/** A cell as the readers hand it over: text, a number, or nothing. Spreadsheet date cells arrive as ISO `yyyy-mm-dd` text. */
export type Cell = string | number | null;

/** One table of the file: a worksheet, the CSV text or the rows of an HTML table. `rows[i]` is row `i + 1` as a spreadsheet shows it. */
export type Sheet = { name: string; rows: Cell[][] };

export type FileFormat = 'csv' | 'xlsx' | 'xls' | 'html' | 'spreadsheetml';

export type DateOrder = 'DMY' | 'MDY';

export type DecimalSeparator = ',' | '.';

/** What a column holds. `debit`/`credit` are the two halves of a split amount; `direction` is a D/K (debit/credit) flag column; `fee` is a payment service's fee beside a gross amount. */
export type ColumnRole =
  | 'operationDate'
  | 'valueDate'
  | 'description'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'direction'
  | 'balance'
  | 'status'
  | 'fee';

/**
 * Which column is what, by 0-based column index of the chosen sheet. The detected layout
 * returns one; the UI may correct it and pass it back as `mapping`.
 */
export type ColumnMapping = {
  /** Sheet name; the detected one when omitted. */
  sheet?: string;
  /** 1-based row number of the header row; `null` when the table has no header (data from row 1). */
  headerRow: number | null;
  operationDate: number;
  /** The operation date doubles as the value date when omitted. */
  valueDate?: number;
  /** Text columns joined into the description, in column order. */
  description: number[];
  /** One signed amount column... */
  amount?: number;
  /** ...or separate debit (money out) and credit (money in) columns. */
  debit?: number;
  credit?: number;
  /** With `amount`: a column of debit/credit flags that gives the sign of unsigned amounts. */
  direction?: number;
  /**
   * With `amount` holding a gross amount: the fee taken from it (payment-service exports
   * without a net column). Fees written negative are added, fees written positive subtracted.
   */
  fee?: number;
  balance?: number;
  /** A state column (completed, pending, declined…): rows that did not go through are skipped. */
  status?: number;
  /** Detected from the data when omitted (or null). */
  dateOrder?: DateOrder;
  decimalSeparator?: DecimalSeparator | null;
};

export type DetectedColumn = {
  index: number;
  header: string;
  role: ColumnRole | null;
  /** 0..1: how sure the detector is of `role` (header match × how well the data fits). */
  confidence: number;
};

export type ResolvedMapping = Omit<ColumnMapping, 'dateOrder' | 'decimalSeparator'> & {
  dateOrder: DateOrder;
  /** Null when no amount showed it; then `1.234` and `1,234` read as a thousand. */
  decimalSeparator: DecimalSeparator | null;
};

export type StatementLayout = {
  format: FileFormat;
  encoding: string | null;
  delimiter: string | null;
  sheetNames: string[];
  sheet: string;
  columns: DetectedColumn[];
  /** The mapping applied: the detected one, or the one passed in. */
  mapping: ResolvedMapping;
  amountRule: 'signed' | 'debit-credit' | 'direction';
  /** False when the dates never showed which of day and month comes first. */
  isDateOrderCertain: boolean;
  /** The lowest confidence among the columns the import needs (dates and amount); 1 for a passed mapping. */
  confidence: number;
  /** The header and the first rows of the table, as text, for a preview. */
  preview: { headerRow: number | null; rows: string[][] };
};

/** A transaction read from the statement, with the row it came from. */
export type StatementTransaction = Transaction & { row: number };

export type RowErrorCode =
  | 'invalid-date'
  | 'missing-date'
  | 'invalid-value-date'
  | 'invalid-amount'
  | 'missing-amount'
  | 'invalid-balance';

/** A row that looks like a transaction but cannot be read. It is not imported. */
export type RowError = { row: number; code: RowErrorCode; reason: string };

export type SkippedRowReason =
  'blank' | 'repeated-header' | 'continuation' | 'summary' | 'not-completed' | 'no-date-or-amount';

/** A row deliberately not imported because it is not a transaction. */
export type SkippedRow = { row: number; reason: SkippedRowReason; detail: string };

/** A transaction whose description would run as a formula if exported to a spreadsheet unchanged. */
export type RowWarning = { row: number; code: 'formula-like-text'; reason: string };

export type BalanceMismatch = { row: number; expected: number; actual: number };

export type BalanceCheck =
  | { status: 'not-available'; reason: string }
  | {
      status: 'ok' | 'mismatch';
      /** The order of the rows in the file: ascending = oldest first. */
      order: 'ascending' | 'descending';
      openingBalance: number;
      closingBalance: number;
      checkedRows: number;
      mismatchCount: number;
      /** The first mismatches (at most 50). */
      mismatches: BalanceMismatch[];
    };

export type StatementLimits = {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Most rows read from a sheet or CSV file, preamble included. */
  maxRows: number;
  /** Most columns in a row. */
  maxColumns: number;
  /** Most bytes an .xlsx file may unpack to (zip bomb guard). */
  maxUnpackedBytes: number;
};

export type ParseStatementOptions = {
  data: Uint8Array;
  mapping?: ColumnMapping;
  limits?: Partial<StatementLimits>;
};

export type StatementParseResult = {
  layout: StatementLayout;
  transactions: StatementTransaction[];
  errors: RowError[];
  skipped: SkippedRow[];
  warnings: RowWarning[];
  balanceCheck: BalanceCheck;
  /** The IBANs the statement's heading names (no spaces): the account it says it is of. */
  statedAccounts: string[];
};
