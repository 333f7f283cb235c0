import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';

/** The server's English business messages that the spec words, shown in the UI language. */
const KNOWN_MESSAGES: Record<string, string> = {
  'You have a pending payment in a different plan, please complete the payment or delete the pending subscription in your manage subscription view':
    'billing.errors.pendingElsewhere',
  'You cannot use a free plan after have had a paid subscription': 'billing.errors.freeAfterPaid',
  'Invalid code': 'billing.coupon.invalid',
};

/** A failed billing call's text: the spec's words where it has them, else the server's. */
export function getBillingErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = KNOWN_MESSAGES[error.message.trim()];
    if (key !== undefined) return t(key);
  }
  return getErrorMessage(t, error);
}
