import type { TFunction } from 'i18next';
import { ApiError } from '../../../../lib/api-error';
import { getErrorMessage } from '../../../../lib/error-message';

/**
 * A failed loader call in the user's language: the loader's own cases (a file too large, of
 * another type, a version already in progress) get Axon's texts, others the app's translation
 * of the code. The server's English sentence is never shown.
 */
export function getAxonErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'PAYLOAD_TOO_LARGE') return t('axon.errors.tooLarge');
    if (error.code === 'CONFLICT') return t('axon.errors.conflict');
    if (error.code === 'NOT_FOUND') return t('axon.errors.notFound');
    const fileError = error.fields.file;
    if (fileError === 'validation.fileType') return t('axon.errors.fileType');
    if (fileError !== undefined) return t('axon.errors.emptyFile');
  }
  return getErrorMessage(t, error);
}
