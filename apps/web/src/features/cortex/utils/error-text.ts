import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';

/**
 * A failed Cortex call in the user's language, from the server's stable error code (never its
 * sentence): what went wrong and whether trying again can help.
 */
export function getCortexErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('cortex.errors.generic');
  if (error.isNetworkError) return t('cortex.errors.network');
  switch (error.code) {
    case 'NOT_FOUND':
      return t('cortex.errors.notFound');
    case 'FORBIDDEN':
      return t('cortex.errors.forbidden');
    case 'RATE_LIMITED':
    case 'LIMIT_EXCEEDED':
      return t('cortex.errors.rateLimited');
    default:
      return t('cortex.errors.generic');
  }
}
