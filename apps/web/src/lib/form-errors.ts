import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

/**
 * Puts the server's `fields` (field → i18n key) on the matching form fields; `serverNames`
 * says which server fields a form field shows when their names differ (`card.number`).
 * Returns true when at least one field got its error.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly FieldPath<T>[],
  serverNames: (name: FieldPath<T>) => readonly string[] = (name) => [name],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let isAnySet = false;
  for (const name of fieldNames) {
    const message = serverNames(name)
      .map((serverName) => error.fields[serverName])
      .find((key) => key !== undefined);
    if (message === undefined) continue;
    setError(name, { type: 'server', message });
    isAnySet = true;
  }
  return isAnySet;
}
