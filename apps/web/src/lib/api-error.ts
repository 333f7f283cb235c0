/** Code given to a request that got no answer (offline, DNS, server down). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

type ApiErrorOptions = {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string> | undefined;
  reason?: string | undefined;
};

/** An API failure, parsed from the `{ error: { code, message, reason, fields } }` envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Field name → i18n key of the validation message. */
  readonly fields: Readonly<Record<string, string>>;
  /** Why the request was refused (contracts' ERROR_REASONS), when the code alone does not say. */
  readonly reason: string | undefined;

  constructor({ status, code, message, fields, reason }: ApiErrorOptions) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields ?? {};
    this.reason = reason;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
