import { SINTEZA_PLAN_LIMITS, type TPlanLimit } from '@app/contracts/nucleus';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { i18n } from '../../../lib/i18n';

/** The API's 402: the team has no Nucleus subscription. Not a crash: the overlay shows. */
export function isSubscriptionRequired(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'SUBSCRIPTION_REQUIRED' || error.status === 402)
  );
}

/** The plan limit a 422 PLAN_EXCEEDED names, or null for another error. */
export function exceededLimit(error: unknown): TPlanLimit | 'unknown' | null {
  if (!(error instanceof ApiError) || error.code !== 'PLAN_EXCEEDED') return null;
  const limit = error.fields.limit;
  return SINTEZA_PLAN_LIMITS.find((known) => known === limit) ?? 'unknown';
}

function planExceededText(t: TFunction, limit: TPlanLimit | 'unknown'): string {
  switch (limit) {
    case 'columnLimit':
      return t('nucleus.planExceeded.columnLimit');
    case 'rowLimit':
      return t('nucleus.planExceeded.rowLimit');
    case 'datasetPerRun':
      return t('nucleus.planExceeded.datasetPerRun');
    case 'concurrentJob':
      return t('nucleus.planExceeded.concurrentJob');
    case 'runLimit':
      return t('nucleus.planExceeded.runLimit');
    case 'monthlyRowLimit':
      return t('nucleus.planExceeded.monthlyRowLimit');
    default:
      return t('nucleus.planExceeded.unknown');
  }
}

/**
 * A failed Nucleus call in the user's language: the module's codes and the server's field keys
 * get our texts; the server's own (English) sentence is never shown.
 */
export function getNucleusErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('nucleus.errors.generic');
  if (isSubscriptionRequired(error)) return t('nucleus.subscribe.message');
  const limit = exceededLimit(error);
  if (limit !== null) return planExceededText(t, limit);
  switch (error.code) {
    case 'CONFLICT':
      return t('nucleus.errors.conflict');
    case 'PAYLOAD_TOO_LARGE':
      return t('nucleus.errors.fileTooLarge');
    default:
      break;
  }
  const fieldKey = Object.values(error.fields).find((key) => i18n.exists(key));
  if (fieldKey !== undefined) return t(fieldKey);
  const message = getErrorMessage(t, error);
  // getErrorMessage falls back to the server's message: ours instead.
  return message === error.message ? t('nucleus.errors.generic') : message;
}
