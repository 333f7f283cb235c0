export type StatementImportErrorCode =
  | 'unsupported-format'
  | 'empty-file'
  | 'file-too-large'
  | 'too-many-rows'
  | 'too-many-columns'
  | 'unreadable-file'
  | 'encrypted-file'
  | 'no-table'
  | 'invalid-mapping';

/** The spec's alert text for a file that is neither Excel nor CSV. */
export const UNSUPPORTED_FORMAT_MESSAGE = 'Only Excel and CSV files are supported';

/** A whole file cannot be imported. Row-level problems are reported in the result instead. */
export class StatementImportError extends Error {
  readonly code: StatementImportErrorCode;

  constructor(code: StatementImportErrorCode, message: string) {
    super(message);
    this.name = 'StatementImportError';
    this.code = code;
  }
}
