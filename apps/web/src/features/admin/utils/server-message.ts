import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';

/**
 * What a failed administrator's call shows: the server's own message (spec: "Admin create user
 * error: the server message"), or the translated generic text when there is none.
 */
export function getAdminErrorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && !error.isNetworkError && error.message.trim() !== '') {
    return error.message;
  }
  return getErrorMessage(t, error);
}

/** An administrator's form shows every refusal above its fields, as the server words it. */
export function describeAdminError(t: TFunction): (error: unknown) => string {
  return (error) => getAdminErrorMessage(t, error);
}
