import type { TFunction } from 'i18next';
import { getErrorMessage } from '../../lib/error-message';
import { getStripeErrorMessage, StripeRequestError } from './stripe-errors';

/** What a failed card or IBAN save says when no field shows it (the provider's words). */
export function getAddMethodError(t: TFunction, error: unknown): string {
  if (error instanceof StripeRequestError) return getStripeErrorMessage(t, error.stripeError);
  return getErrorMessage(t, error);
}
