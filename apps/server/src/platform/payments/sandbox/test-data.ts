import { EMAIL_PATTERN, VALIDATION, passesLuhn } from '@app/contracts';
import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { validationError } from '../../errors.js';

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };
export type SepaDetails = { iban: string; accountHolderName: string; email: string };
export type PaymentDetails = { card: CardDetails } | { sepa: SepaDetails };

/** What the sandbox keeps of a payment method: never the full number, CVC or IBAN. */
export type CheckedPaymentMethod = {
  type: 'card' | 'sepa_debit';
  prefix: string;
  last4: string;
  bankCode: string | null;
  expMonth: number | null;
  expYear: number | null;
  requiresAuthentication: boolean;
  declineMessage: string | null;
};

/** The i18n keys of the sandbox form's field errors (`fields` of a 400). */
/** The provider's words for refused payments (Stripe's, where it has them). */
export const DECLINE_MESSAGES = {
  insufficientFunds: 'Your card has insufficient funds.',
  generic: 'Your card was declined.',
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  sepaDebitFailed: 'Your bank refused the SEPA Direct Debit.',
} as const;

/** Stripe's well-known test cards; any other valid number succeeds. */
const TEST_CARDS: Record<string, { requiresAuthentication?: true; declineMessage?: string }> = {
  '4000002500003155': { requiresAuthentication: true },
  '4000000000009995': { declineMessage: DECLINE_MESSAGES.insufficientFunds },
  '4000000000000002': { declineMessage: DECLINE_MESSAGES.generic },
};

/** Stripe's documented IBANs whose debit fails after processing; any other SEPA IBAN settles. */
const FAILING_TEST_IBANS = new Set(['AT861904300235473202', 'DE62370400440532013001']);

const CARD_BRANDS: [brand: string, pattern: RegExp][] = [
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[689])/],
  ['jcb', /^35/],
  ['visa', /^4/],
  ['mastercard', /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/],
  ['unionpay', /^62/],
  ['discover', /^6(011|4[4-9]|5)/],
];

export function cardBrand(number: string): string {
  return CARD_BRANDS.find(([, pattern]) => pattern.test(number))?.[0] ?? 'unknown';
}

/** Checks a card as a provider does and answers the first problem in the provider's words. */
export function checkCard(card: CardDetails, now: Date): CheckedPaymentMethod {
  const number = card.number.replace(/[\s-]/g, '');
  const brand = cardBrand(number);
  const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const problems: [field: string, key: string, message: string][] = [];
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    problems.push(['card.number', VALIDATION.cardNumber, 'Your card number is invalid.']);
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    problems.push([
      'card.expMonth',
      VALIDATION.cardExpiry,
      "Your card's expiration month is invalid.",
    ]);
  } else if (
    expYear < now.getUTCFullYear() ||
    (expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
  ) {
    problems.push(['card.expYear', VALIDATION.cardExpired, 'Your card has expired.']);
  }
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    problems.push([
      'card.cvc',
      VALIDATION.cardCvc,
      `Your card's security code is invalid: it has ${cvcLength} digits.`,
    ]);
  }
  throwProblems(problems);
  const testCard = TEST_CARDS[number] ?? {};
  return {
    type: 'card',
    prefix: brand,
    last4: number.slice(-4),
    bankCode: null,
    expMonth: card.expMonth,
    expYear,
    requiresAuthentication: testCard.requiresAuthentication ?? false,
    declineMessage: testCard.declineMessage ?? null,
  };
}

/** Checks an IBAN (checksum and national format) and that its country is in SEPA. */
export function checkSepaAccount(sepa: SepaDetails): CheckedPaymentMethod {
  const iban = electronicFormatIBAN(sepa.iban) ?? '';
  const problems: [field: string, key: string, message: string][] = [];
  if (!isValidIBAN(iban)) {
    problems.push(['sepa.iban', VALIDATION.ibanInvalid, 'Your IBAN is invalid.']);
  } else if (!isSEPACountry(iban.slice(0, 2))) {
    problems.push([
      'sepa.iban',
      VALIDATION.ibanNotSepa,
      'SEPA Direct Debit accepts only IBANs of SEPA countries.',
    ]);
  }
  if (!sepa.accountHolderName.trim()) {
    problems.push([
      'sepa.accountHolderName',
      VALIDATION.required,
      'The account holder name is required.',
    ]);
  }
  if (!EMAIL_PATTERN.test(sepa.email.trim())) {
    problems.push(['sepa.email', VALIDATION.emailInvalid, 'The email is invalid.']);
  }
  throwProblems(problems);
  const parts = extractIBAN(iban);
  return {
    type: 'sepa_debit',
    prefix: iban.slice(0, 2),
    last4: iban.slice(-4),
    bankCode: parts.bankIdentifier ?? null,
    expMonth: null,
    expYear: null,
    requiresAuthentication: false,
    declineMessage: FAILING_TEST_IBANS.has(iban) ? DECLINE_MESSAGES.sepaDebitFailed : null,
  };
}

export function checkPaymentDetails(details: PaymentDetails, now: Date): CheckedPaymentMethod {
  return 'card' in details ? checkCard(details.card, now) : checkSepaAccount(details.sepa);
}

function throwProblems(problems: [field: string, key: string, message: string][]): void {
  const [first] = problems;
  if (!first) return;
  throw validationError(Object.fromEntries(problems.map(([field, key]) => [field, key])), first[2]);
}
