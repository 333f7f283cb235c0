export type CashflowErrorCode =
  'INVALID_DATE' | 'INVALID_AMOUNT' | 'INVALID_HORIZON' | 'EMPTY_HISTORY' | 'SHORT_HISTORY';

/** Bad input to the cashflow engine; the message is meant for the person who sent it. */
export class CashflowError extends Error {
  readonly code: CashflowErrorCode;

  constructor(code: CashflowErrorCode, message: string) {
    super(message);
    this.name = 'CashflowError';
    this.code = code;
  }
}
