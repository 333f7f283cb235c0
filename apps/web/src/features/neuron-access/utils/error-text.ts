import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';

/** A 404 on the token call: the team has no active subscription to the neuron. */
export function isNoSubscription(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NOT_FOUND';
}

/**
 * A failed call of the neuron pages in the user's language, from the server's stable error code
 * (never its English sentence).
 */
export function getNeuronErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('neuronAccess.errors.generic');
  if (error.isNetworkError) return t('neuronAccess.errors.network');
  switch (error.code) {
    case 'NOT_FOUND':
      return t('neuronAccess.errors.notFound');
    case 'UNAUTHORIZED':
      return t('neuronAccess.errors.unauthorized');
    case 'FORBIDDEN':
      return t('neuronAccess.errors.forbidden');
    case 'VALIDATION':
      return t('neuronAccess.errors.validation');
    case 'SUBSCRIPTION_REQUIRED':
      return t('neuronAccess.errors.subscriptionRequired');
    case 'LIMIT_EXCEEDED':
      return t('neuronAccess.errors.limitExceeded');
    case 'RATE_LIMITED':
      return t('neuronAccess.errors.rateLimited');
    case 'PAYLOAD_TOO_LARGE':
      return t('neuronAccess.errors.payloadTooLarge');
    case 'PLAN_EXCEEDED':
      return t('neuronAccess.errors.planExceeded');
    case 'USER_BLOCKED':
      return t('neuronAccess.errors.userBlocked');
    default:
      return t('neuronAccess.errors.generic');
  }
}

/** The error code in a neuron API's answer body (`{ error: { code } }`), if it has one. */
export function answerErrorCode(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return null;
    const { error } = parsed;
    if (typeof error !== 'object' || error === null || !('code' in error)) return null;
    return typeof error.code === 'string' ? error.code : null;
  } catch {
    return null;
  }
}

/** What an error answer of a neuron's API means, in the user's language; null for success. */
export function describeAnswer(t: TFunction, status: number, body: string): string | null {
  if (status < 400) return null;
  const code = answerErrorCode(body) ?? (status >= 500 ? 'INTERNAL' : 'UNKNOWN');
  return getNeuronErrorMessage(t, new ApiError({ status, code, message: '' }));
}
