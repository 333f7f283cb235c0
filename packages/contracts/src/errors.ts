import { z } from 'zod';

/** Every error code the API answers with, and the HTTP status it travels with. */
export const APP_ERROR_STATUS = {
  VALIDATION: 400,
  INVALID_TOKEN: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EDGE_PACKAGE_NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  BUSINESS_RULE: 422,
  TEAM_FULL: 422,
  LIMIT_EXCEEDED: 429,
  SUBSCRIPTION_REQUIRED: 402,
  PLAN_EXCEEDED: 422,
  USER_BLOCKED: 423,
  ACCOUNT_EXISTS: 409,
  ACCOUNT_MISMATCH: 416,
  IMPORT_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BUSY: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** `fields` maps a field name to an i18n key (see the `validation.*` keys of the web app). */
export const ZErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
