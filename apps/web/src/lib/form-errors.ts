import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Puts the server's `fields` (field → i18n key) on the matching form fields.
 * Returns true when at least one field got its error.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let isAnySet = false;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message === undefined) continue;
    setError(name, { type: 'server', message });
    isAnySet = true;
  }
  return isAnySet;
}
