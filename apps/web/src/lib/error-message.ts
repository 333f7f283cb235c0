import type { AppErrorCode, TErrorReason } from '@app/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from './api-error';

const CODE_KEYS: Record<AppErrorCode, string> = {
  VALIDATION: 'errors.codes.VALIDATION',
  INVALID_TOKEN: 'errors.codes.INVALID_TOKEN',
  UNAUTHORIZED: 'errors.codes.UNAUTHORIZED',
  INVALID_CREDENTIALS: 'errors.codes.INVALID_CREDENTIALS',
  ACCOUNT_DISABLED: 'errors.codes.ACCOUNT_DISABLED',
  FORBIDDEN: 'errors.codes.FORBIDDEN',
  NOT_FOUND: 'errors.codes.NOT_FOUND',
  CONFLICT: 'errors.codes.CONFLICT',
  EMAIL_TAKEN: 'errors.codes.EMAIL_TAKEN',
  PAYLOAD_TOO_LARGE: 'errors.codes.PAYLOAD_TOO_LARGE',
  BUSINESS_RULE: 'errors.codes.BUSINESS_RULE',
  TEAM_FULL: 'errors.codes.TEAM_FULL',
  LIMIT_EXCEEDED: 'errors.codes.LIMIT_EXCEEDED',
  SUBSCRIPTION_REQUIRED: 'errors.codes.SUBSCRIPTION_REQUIRED',
  PLAN_EXCEEDED: 'errors.codes.PLAN_EXCEEDED',
  USER_BLOCKED: 'errors.codes.USER_BLOCKED',
  ACCOUNT_EXISTS: 'errors.codes.ACCOUNT_EXISTS',
  ACCOUNT_MISMATCH: 'errors.codes.ACCOUNT_MISMATCH',
  IMPORT_FAILED: 'errors.codes.IMPORT_FAILED',
  RATE_LIMITED: 'errors.codes.RATE_LIMITED',
  INTERNAL: 'errors.codes.INTERNAL',
  BUSY: 'errors.codes.BUSY',
  EDGE_PACKAGE_NOT_FOUND: 'errors.codes.EDGE_PACKAGE_NOT_FOUND',
};

const REASON_KEYS: Record<TErrorReason, string> = {
  ALREADY_CONFIRMED: 'errors.reasons.ALREADY_CONFIRMED',
  MEMBER_EMAIL_LOCKED: 'errors.reasons.MEMBER_EMAIL_LOCKED',
  MEMBER_ALREADY_JOINED: 'errors.reasons.MEMBER_ALREADY_JOINED',
  COMPANY_EXISTS: 'errors.reasons.COMPANY_EXISTS',
  CONNECTION_EXISTS: 'errors.reasons.CONNECTION_EXISTS',
  BANK_ACCOUNTS_FROM_BANK: 'errors.reasons.BANK_ACCOUNTS_FROM_BANK',
  STATEMENTS_REFRESH_BY_IMPORT: 'errors.reasons.STATEMENTS_REFRESH_BY_IMPORT',
  SUBSCRIPTION_EXISTS: 'errors.reasons.SUBSCRIPTION_EXISTS',
  SUBSCRIPTION_PENDING_ELSEWHERE: 'errors.reasons.SUBSCRIPTION_PENDING_ELSEWHERE',
  NO_FREE_PLAN: 'errors.reasons.NO_FREE_PLAN',
  FREE_AFTER_PAID: 'errors.reasons.FREE_AFTER_PAID',
  NOTHING_TO_PAY: 'errors.reasons.NOTHING_TO_PAY',
  SEPA_PAYMENT_PENDING: 'errors.reasons.SEPA_PAYMENT_PENDING',
  CHARGED_ANOTHER_WAY: 'errors.reasons.CHARGED_ANOTHER_WAY',
  SUBSCRIPTION_NOT_CANCELABLE: 'errors.reasons.SUBSCRIPTION_NOT_CANCELABLE',
  SUBSCRIPTION_NOT_CANCELING: 'errors.reasons.SUBSCRIPTION_NOT_CANCELING',
  PLAN_CHANGE_NOT_ACTIVE: 'errors.reasons.PLAN_CHANGE_NOT_ACTIVE',
  PLAN_CHANGE_DISCOUNTED: 'errors.reasons.PLAN_CHANGE_DISCOUNTED',
  PLAN_ALREADY_CURRENT: 'errors.reasons.PLAN_ALREADY_CURRENT',
  PROMOTION_CODE_EXISTS: 'errors.reasons.PROMOTION_CODE_EXISTS',
  PROMOTION_CODE_INVALID: 'errors.reasons.PROMOTION_CODE_INVALID',
  DOMAIN_CODE_EXISTS: 'errors.reasons.DOMAIN_CODE_EXISTS',
  PAYMENT_STATE_CONFLICT: 'errors.reasons.PAYMENT_STATE_CONFLICT',
  PURCHASE_OWN_DATASET: 'errors.reasons.PURCHASE_OWN_DATASET',
  DATASET_NOT_FOR_SALE: 'errors.reasons.DATASET_NOT_FOR_SALE',
  PURCHASE_NOT_PAID: 'errors.reasons.PURCHASE_NOT_PAID',
  DELIVERY_NOT_READY: 'errors.reasons.DELIVERY_NOT_READY',
  PURCHASE_REQUIRED: 'errors.reasons.PURCHASE_REQUIRED',
  PURCHASE_CANCELED: 'errors.reasons.PURCHASE_CANCELED',
  INVOICE_NOT_CREDITABLE: 'errors.reasons.INVOICE_NOT_CREDITABLE',
  INVOICE_ALREADY_CREDITED: 'errors.reasons.INVOICE_ALREADY_CREDITED',
};

function lookup<K extends string>(keys: Record<K, string>, value: string | undefined) {
  return value !== undefined && Object.hasOwn(keys, value) ? keys[value as K] : undefined;
}

/**
 * The text to show for a failed call, in the user's language: no answer gives the spec's
 * "Something was wrong, try later."; otherwise the translation of the refusal's reason, or of
 * its code. The server's own (English) message is never shown.
 */
export function getErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.isNetworkError) return t('errors.network');
  const key = lookup(REASON_KEYS, error.reason) ?? lookup(CODE_KEYS, error.code);
  return key === undefined ? t('errors.generic') : t(key);
}
