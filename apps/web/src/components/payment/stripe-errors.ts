import { VALIDATION } from '@app/contracts/common';
import type { StripeError } from '@stripe/stripe-js';
import type { TFunction } from 'i18next';

/** The part of a Stripe.js error (a confirmation's, or an Element's change event) we show. */
export type StripeErrorLike = Pick<StripeError, 'code' | 'message'>;

/** A Stripe.js call answered with an error (a declined card, an incomplete field…). */
export class StripeRequestError extends Error {
  constructor(readonly stripeError: StripeErrorLike) {
    super(stripeError.message ?? stripeError.code ?? 'Stripe error');
    this.name = 'StripeRequestError';
  }
}

/** Stripe's error codes we have our own words for, in the user's language. */
function translateStripeCode(t: TFunction, code: string | undefined): string | undefined {
  switch (code) {
    case 'incomplete_number':
    case 'invalid_number':
    case 'incorrect_number':
      return t(VALIDATION.cardNumber);
    case 'incomplete_expiry':
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
      return t(VALIDATION.cardExpiry);
    case 'invalid_expiry_month_past':
    case 'invalid_expiry_year_past':
    case 'expired_card':
      return t(VALIDATION.cardExpired);
    case 'incomplete_cvc':
    case 'invalid_cvc':
    case 'incorrect_cvc':
      return t(VALIDATION.cardCvc);
    case 'incomplete_iban':
    case 'invalid_iban':
    case 'invalid_iban_start':
      return t(VALIDATION.ibanInvalid);
    case 'invalid_iban_country_code':
      return t(VALIDATION.ibanNotSepa);
    case 'email_invalid':
      return t(VALIDATION.emailInvalid);
    case 'card_declined':
      return t('payment.card.declined');
    case 'payment_intent_authentication_failure':
    case 'setup_intent_authentication_failure':
      return t('payment.intent.authenticationFailed');
    default:
      return undefined;
  }
}

/** Our words for a Stripe error where we have them, else Stripe's own (in the Elements locale). */
export function getStripeErrorMessage(t: TFunction, error: StripeErrorLike): string {
  const message = error.message?.trim();
  return translateStripeCode(t, error.code) ?? (message ? message : t('errors.generic'));
}
