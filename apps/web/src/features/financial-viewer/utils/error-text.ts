import { FINANCIAL_VIEWER_ERRORS } from '@app/contracts/financial-viewer';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { i18n } from '../../../lib/i18n';

export function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

/** The API's 402: the team has no active subscription. Not a crash: the overlay shows. */
export function isSubscriptionRequired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === FINANCIAL_VIEWER_ERRORS.subscriptionRequired || error.status === 402)
  );
}

export function isUserBlocked(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === FINANCIAL_VIEWER_ERRORS.userBlocked || error.status === 423)
  );
}

/** The i18n key the server gave for a field, when we have a text for it. */
export function fieldErrorKey(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const key = error.fields[field];
  return key !== undefined && i18n.exists(key) ? key : undefined;
}

/**
 * A failed Financial Viewer call in the user's language: the module's codes and the field keys
 * get our texts; the server's own (English) sentence is never shown.
 */
export function getViewerErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case FINANCIAL_VIEWER_ERRORS.subscriptionRequired:
        return t('financialViewer.subscribe.message');
      case FINANCIAL_VIEWER_ERRORS.userBlocked:
        return t('financialViewer.blocked.message');
      case FINANCIAL_VIEWER_ERRORS.planExceeded:
        return t('financialViewer.dialogs.exceededPlan');
      case FINANCIAL_VIEWER_ERRORS.accountExists:
        return t('financialViewer.dialogs.alreadyExistsAccount');
      case FINANCIAL_VIEWER_ERRORS.accountMismatch:
        return t('financialViewer.dialogs.exactAccount');
      case FINANCIAL_VIEWER_ERRORS.importFailed:
        return t('financialViewer.dialogs.importError');
      default:
        break;
    }
    const fieldKey = Object.values(error.fields).find((key) => i18n.exists(key));
    if (fieldKey !== undefined) return t(fieldKey);
    return getErrorMessage(t, error);
  }
  return t('financialViewer.errors.generic');
}
