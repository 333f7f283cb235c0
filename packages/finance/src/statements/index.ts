export { parseStatement, DEFAULT_STATEMENT_LIMITS } from './parse-statement.js';
export { findNewTransactions, type NewTransactionsResult } from './find-new-transactions.js';
export { neutralizeCsvCell, isFormulaLike } from './neutralize-csv-cell.js';
export { findStatedAccounts, isValidIban } from './find-stated-accounts.js';
export { parseAmountText, detectDecimalSeparator } from './parse-amount.js';
export { parseDateText, detectDateOrder } from './parse-date.js';
export {
  StatementImportError,
  UNSUPPORTED_FORMAT_MESSAGE,
  type StatementImportErrorCode,
} from './statement-import-error.js';
export type * from './statement-types.js';
