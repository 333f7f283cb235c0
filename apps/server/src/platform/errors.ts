import { APP_ERROR_STATUS, VALIDATION, type AppErrorCode, type TErrorReason } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const DEFAULT_MESSAGES: Record<AppErrorCode, string> = {
  VALIDATION: 'The request is not valid.',
  INVALID_TOKEN: 'This link is invalid or has expired.',
  UNAUTHORIZED: 'Authentication is required.',
  INVALID_CREDENTIALS: 'Invalid user or password.',
  ACCOUNT_DISABLED: 'Account disabled: the email is pending validation.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  EDGE_PACKAGE_NOT_FOUND: 'There is no edge package for this operating system and version.',
  CONFLICT: 'This conflicts with existing data.',
  EMAIL_TAKEN: 'This email is already registered.',
  PAYLOAD_TOO_LARGE: 'The upload is too large.',
  BUSINESS_RULE: 'This is not allowed.',
  TEAM_FULL: 'The team has reached its member limit.',
  LIMIT_EXCEEDED: 'The limit has been reached.',
  SUBSCRIPTION_REQUIRED: 'You need an active subscription to use this.',
  PLAN_EXCEEDED: 'Your plan does not allow more of these.',
  USER_BLOCKED: 'Your user is blocked from this service.',
  ACCOUNT_EXISTS: 'This account already belongs to another connection.',
  ACCOUNT_MISMATCH: 'The statement is of another account.',
  IMPORT_FAILED: 'The file could not be imported.',
  RATE_LIMITED: 'Too many requests, try again in a while.',
  INTERNAL: 'Internal Server Error',
  BUSY: 'The service is busy, try again in a moment.',
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly reason: TErrorReason | undefined;

  constructor(
    code: AppErrorCode,
    options: { message?: string; fields?: Record<string, string>; reason?: TErrorReason } = {},
  ) {
    super(options.message ?? DEFAULT_MESSAGES[code]);
    this.code = code;
    this.fields = options.fields;
    this.reason = options.reason;
  }

  get statusCode(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

export function validationError(fields: Record<string, string>, message?: string): AppError {
  return new AppError('VALIDATION', { fields, ...(message ? { message } : {}) });
}

/** Maps a status Fastify or a plugin raised to our codes (bad JSON, wrong media type, …). */
function codeForStatus(status: number): AppErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION';
}

/**
 * Names each refused field and its rule in words (`password: illegal sequence`), for clients
 * that read only `message` (the spec shows the password's "illegal sequence" that way).
 */
function validationMessage(fields: Record<string, string>): string {
  const problems = Object.entries(fields).map(([field, key]) => {
    const rule = key
      .slice(key.lastIndexOf('.') + 1)
      .replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
    return `${field}: ${rule}`;
  });
  return `${DEFAULT_MESSAGES.VALIDATION} ${problems.join('; ')}.`;
}

function toFieldKey(message: string): string {
  return message.startsWith('validation.') ? message : VALIDATION.invalid;
}

/** One error envelope for the whole API: `{ error: { code, message, reason, fields } }`, no 5xx detail. */
export const errorsPlugin = fp((app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.reason ? { reason: error.reason } : {}),
          ...(error.fields ? { fields: error.fields } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.slice(1).replaceAll('/', '.') || '_';
        fields[field] ??= toFieldKey(issue.message ?? '');
      }
      return reply.status(400).send({
        error: { code: 'VALIDATION', message: validationMessage(fields), fields },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeForStatus(status);
      return reply
        .status(status)
        .send({ error: { code, message: error.message || DEFAULT_MESSAGES[code] } });
    }
    request.log.error(
      { err: error, method: request.method, url: request.url, params: request.params },
      'unhandled error',
    );
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL', message: DEFAULT_MESSAGES.INTERNAL } });
  });
});
