export type AnonymizationErrorCode = 'NOT_HTML' | 'NOT_PLAIN_TEXT';

/** The input does not suit the mode; the message is the one the spec shows to users. */
export class AnonymizationError extends Error {
  readonly code: AnonymizationErrorCode;

  constructor(code: AnonymizationErrorCode) {
    super(
      code === 'NOT_HTML' ? 'The text is not in HTML format' : 'The text is not in plain format',
    );
    this.name = 'AnonymizationError';
    this.code = code;
  }
}
