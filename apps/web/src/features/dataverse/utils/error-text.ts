import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';

/** A dataset that is not there, or another team's unpublished one (the server answers 404). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * A failed Dataverse call in the user's language: the module's cases get our texts, others the
 * app's translation of the code; the server's own (English) sentence is never shown.
 */
export function getDataverseErrorMessage(t: TFunction, error: unknown): string {
  if (isNotFound(error)) return t('dataverse.errors.notFound');
  if (error instanceof ApiError && error.code === 'VALIDATION')
    return t('dataverse.errors.invalidSearch');
  return getErrorMessage(t, error);
}
