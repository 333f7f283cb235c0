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

/**
 * Why a request was refused, where the code alone does not say (a CONFLICT, a BUSINESS_RULE), stable for clients to translate (the `message`
 * beside it is English, for people reading the API).
 */
export const ERROR_REASONS = [
  'ALREADY_CONFIRMED',
  'MEMBER_EMAIL_LOCKED',
  'MEMBER_ALREADY_JOINED',
  'COMPANY_EXISTS',
  'CONNECTION_EXISTS',
  'BANK_ACCOUNTS_FROM_BANK',
  'STATEMENTS_REFRESH_BY_IMPORT',
  'SUBSCRIPTION_EXISTS',
  'SUBSCRIPTION_PENDING_ELSEWHERE',
  'NO_FREE_PLAN',
  'FREE_AFTER_PAID',
  'NOTHING_TO_PAY',
  'SEPA_PAYMENT_PENDING',
  'CHARGED_ANOTHER_WAY',
  'SUBSCRIPTION_NOT_CANCELABLE',
  'SUBSCRIPTION_NOT_CANCELING',
  'PLAN_CHANGE_NOT_ACTIVE',
  'PLAN_CHANGE_DISCOUNTED',
  'PLAN_ALREADY_CURRENT',
  'PROMOTION_CODE_EXISTS',
  'PROMOTION_CODE_INVALID',
  'DOMAIN_CODE_EXISTS',
  'PAYMENT_STATE_CONFLICT',
  'PURCHASE_OWN_DATASET',
  'DATASET_NOT_FOR_SALE',
  'PURCHASE_NOT_PAID',
  'DELIVERY_NOT_READY',
  'PURCHASE_REQUIRED',
  'PURCHASE_CANCELED',
  'INVOICE_NOT_CREDITABLE',
  'INVOICE_ALREADY_CREDITED',
] as const;
export type TErrorReason = (typeof ERROR_REASONS)[number];

/**
 * `fields` maps a field name to an i18n key (see the `validation.*` keys of the web app);
 * `reason` is one of ERROR_REASONS.
 */
export const ZErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    reason: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
