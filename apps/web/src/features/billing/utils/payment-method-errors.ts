import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';
import { getErrorMessage } from '../../../lib/error-message';
import { UnsupportedGatewayError } from '../api/confirm-setup-intent';

/** The i18n keys of the card and IBAN form errors; the sandbox's 400 `fields` use the same. */
export const PAYMENT_FIELD_ERRORS = {
  cardNumber: 'validation.card.number',
  cardExpiry: 'validation.card.expiry',
  cardExpired: 'validation.card.expired',
  cardCvc: 'validation.card.cvc',
  ibanInvalid: 'validation.iban.invalid',
  ibanNotSepa: 'validation.iban.notSepa',
} as const;

/** What a failed card or IBAN save says: field errors, or one message (the provider's). */
export function getAddMethodError(
  t: TFunction,
  error: unknown,
): { fields: Readonly<Record<string, string>>; message: string } {
  if (error instanceof UnsupportedGatewayError) {
    return { fields: {}, message: t('billing.paymentMethods.unsupportedGateway') };
  }
  if (error instanceof ApiError)
    return { fields: error.fields, message: getErrorMessage(t, error) };
  return { fields: {}, message: getErrorMessage(t, error) };
}
