import type { TFunction } from 'i18next';
import { getErrorMessage } from '../../../lib/error-message';
import { UnsupportedGatewayError } from '../api/confirm-setup-intent';

/** What a failed card or IBAN save says when no field shows it (the provider's words). */
export function getAddMethodError(t: TFunction, error: unknown): string {
  if (error instanceof UnsupportedGatewayError)
    return t('billing.paymentMethods.unsupportedGateway');
  return getErrorMessage(t, error);
}
