import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error';

/** A failed load of the document insights in the user's language, from the error's code. */
export function getInsightsErrorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('anonymizer.insights.errors.generic');
  if (error.isNetworkError) return t('anonymizer.insights.errors.network');
  switch (error.code) {
    case 'NOT_FOUND':
    case 'SUBSCRIPTION_REQUIRED':
      return t('anonymizer.insights.errors.noSubscription');
    case 'FORBIDDEN':
      return t('anonymizer.insights.errors.forbidden');
    case 'RATE_LIMITED':
      return t('anonymizer.insights.errors.rateLimited');
    default:
      return t('anonymizer.insights.errors.generic');
  }
}
