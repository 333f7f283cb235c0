import type { TFunction } from 'i18next';
import { ApiError } from './api-error';

/** The translated text of an error code, or undefined when the server's message says more. */
function translateCode(t: TFunction, code: string): string | undefined {
  switch (code) {
    case 'INVALID_TOKEN':
      return t('errors.codes.INVALID_TOKEN');
    case 'UNAUTHORIZED':
      return t('errors.codes.UNAUTHORIZED');
    case 'INVALID_CREDENTIALS':
      return t('errors.codes.INVALID_CREDENTIALS');
    case 'ACCOUNT_DISABLED':
      return t('errors.codes.ACCOUNT_DISABLED');
    case 'FORBIDDEN':
      return t('errors.codes.FORBIDDEN');
    case 'NOT_FOUND':
      return t('errors.codes.NOT_FOUND');
    case 'EMAIL_TAKEN':
      return t('errors.codes.EMAIL_TAKEN');
    case 'PAYLOAD_TOO_LARGE':
      return t('errors.codes.PAYLOAD_TOO_LARGE');
    case 'TEAM_FULL':
      return t('errors.codes.TEAM_FULL');
    case 'LIMIT_EXCEEDED':
      return t('errors.codes.LIMIT_EXCEEDED');
    case 'RATE_LIMITED':
      return t('errors.codes.RATE_LIMITED');
    case 'INTERNAL':
      return t('errors.codes.INTERNAL');
    case 'BUSY':
      return t('errors.codes.BUSY');
    default:
      // VALIDATION, CONFLICT, BUSINESS_RULE: the server's message names the actual problem.
      return undefined;
  }
}

/**
 * The text to show for a failed call, in the user's language: no answer gives the spec's
 * "Something was wrong, try later."; a known code its translation; otherwise the server's message.
 */
export function getErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.isNetworkError) return t('errors.network');
  const translated = translateCode(t, error.code);
  if (translated !== undefined) return translated;
  return error.message.trim() === '' ? t('errors.generic') : error.message;
}
