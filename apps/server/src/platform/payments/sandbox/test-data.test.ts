import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import {
  DECLINE_MESSAGES,
  cardBrand,
  checkCard,
  checkSepaAccount,
  type CardDetails,
} from './test-data.js';

const NOW = new Date('2026-11-23T10:00:00Z');
const VALID_CARD: CardDetails = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
};
const SEPA = { accountHolderName: 'Ana García', email: 'ana@acme-industries.com' };

function appErrorOf(check: () => unknown): AppError {
  try {
    check();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the check passed');
}

describe('card checks', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('tells the brand of %s: %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('keeps the brand, last four digits and expiry, never the number or CVC', () => {
    const method = checkCard(VALID_CARD, NOW);

    expect(method).toEqual({
      type: 'card',
      prefix: 'visa',
      last4: '4242',
      bankCode: null,
      expMonth: 12,
      expYear: 2030,
      requiresAuthentication: false,
      declineMessage: null,
    });
  });

  it('marks the well-known test cards', () => {
    const authentication = checkCard({ ...VALID_CARD, number: '4000002500003155' }, NOW);
    const declined = checkCard({ ...VALID_CARD, number: '4000 0000 0000 9995' }, NOW);

    expect(authentication.requiresAuthentication).toBe(true);
    expect(declined.declineMessage).toBe(DECLINE_MESSAGES.insufficientFunds);
  });

  it('refuses a number that fails the Luhn check', () => {
    const error = appErrorOf(() => checkCard({ ...VALID_CARD, number: '4242424242424241' }, NOW));

    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('Your card number is invalid.');
    expect(error.fields).toEqual({ 'card.number': 'validation.card.number' });
  });

  it.each([0, 13])('refuses the expiry month %i', (expMonth) => {
    const error = appErrorOf(() => checkCard({ ...VALID_CARD, expMonth }, NOW));

    expect(error.fields).toEqual({ 'card.expMonth': 'validation.card.expiry' });
  });

  it('refuses an expired card and accepts one expiring this month', () => {
    const error = appErrorOf(() => checkCard({ ...VALID_CARD, expMonth: 10, expYear: 2026 }, NOW));

    expect(error.message).toBe('Your card has expired.');
    expect(error.fields).toEqual({ 'card.expYear': 'validation.card.expired' });
    expect(checkCard({ ...VALID_CARD, expMonth: 11, expYear: 26 }, NOW).expYear).toBe(2026);
  });

  it('wants 3 CVC digits, 4 for American Express', () => {
    const short = appErrorOf(() => checkCard({ ...VALID_CARD, cvc: '12' }, NOW));
    const amex = appErrorOf(() =>
      checkCard({ ...VALID_CARD, number: '378282246310005', cvc: '123' }, NOW),
    );

    expect(short.fields).toEqual({ 'card.cvc': 'validation.card.cvc' });
    expect(amex.message).toContain('4 digits');
    expect(checkCard({ ...VALID_CARD, number: '378282246310005', cvc: '1234' }, NOW).prefix).toBe(
      'amex',
    );
  });

  it('names every wrong field at once', () => {
    const error = appErrorOf(() =>
      checkCard({ number: '1234', expMonth: 14, expYear: 2030, cvc: 'abc' }, NOW),
    );

    expect(Object.keys(error.fields ?? {})).toEqual(['card.number', 'card.expMonth', 'card.cvc']);
  });
});

describe('SEPA account checks', () => {
  it('keeps the country, bank code and last four digits of a SEPA IBAN', () => {
    const method = checkSepaAccount({ ...SEPA, iban: 'es91 2100 0418 4502 0005 1332' });

    expect(method).toMatchObject({
      type: 'sepa_debit',
      prefix: 'ES',
      bankCode: '2100',
      last4: '1332',
      expMonth: null,
      declineMessage: null,
    });
  });

  it('marks the documented failing test IBANs', () => {
    expect(checkSepaAccount({ ...SEPA, iban: 'AT861904300235473202' }).declineMessage).toBe(
      DECLINE_MESSAGES.sepaDebitFailed,
    );
    expect(checkSepaAccount({ ...SEPA, iban: 'AT611904300234573201' }).declineMessage).toBeNull();
  });

  it('refuses an IBAN with a wrong checksum', () => {
    const error = appErrorOf(() => checkSepaAccount({ ...SEPA, iban: 'ES9121000418450200051333' }));

    expect(error.message).toBe('Your IBAN is invalid.');
    expect(error.fields).toEqual({ 'sepa.iban': 'validation.iban.invalid' });
  });

  it('refuses a valid IBAN of a country outside SEPA', () => {
    const error = appErrorOf(() =>
      checkSepaAccount({ ...SEPA, iban: 'TR330006100519786457841326' }),
    );

    expect(error.fields).toEqual({ 'sepa.iban': 'validation.iban.notSepa' });
  });

  it('wants the account holder name and a valid email', () => {
    const error = appErrorOf(() =>
      checkSepaAccount({ iban: 'AT611904300234573201', accountHolderName: ' ', email: 'ana' }),
    );

    expect(error.fields).toEqual({
      'sepa.accountHolderName': 'validation.required',
      'sepa.email': 'validation.email.invalid',
    });
  });
});
