export type CategorizationErrorCode =
  'INVALID_TRANSACTION' | 'UNKNOWN_CATEGORY' | 'INVALID_CORRECTIONS';

/** Bad input to the categoriser; the message is meant for the person who sent it. */
export class CategorizationError extends Error {
  readonly code: CategorizationErrorCode;

  constructor(code: CategorizationErrorCode, message: string) {
    super(message);
    this.name = 'CategorizationError';
    this.code = code;
  }
}
