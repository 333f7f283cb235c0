import type { TFunction } from 'i18next';
import { getErrorMessage } from '../../../lib/error-message';

/**
 * An administrator's form shows every refusal above its fields, even when a field is marked
 * too: the translation of its stable reason or code in the administrator's language (the
 * spec's "the server message", never the server's English sentence).
 */
export function describeAdminError(t: TFunction): (error: unknown) => string {
  return (error) => getErrorMessage(t, error);
}
