import { describe, expect, it } from 'vitest';
import { isValidCardNumber, isValidCif, isValidDni, isValidIban, isValidNie } from './checksums.js';

describe('isValidDni', () => {
  it('accepts the letter of the number modulo 23, with or without a hyphen', () => {
    expect(isValidDni('12345678Z')).toBe(true);
    expect(isValidDni('12345678-z')).toBe(true);
    expect(isValidDni('00000000T')).toBe(true);
  });

  it('refuses a wrong letter or a wrong length', () => {
    expect(isValidDni('12345678A')).toBe(false);
    expect(isValidDni('1234567Z')).toBe(false);
  });
});

describe('isValidNie', () => {
  it('reads X, Y and Z as 0, 1 and 2', () => {
    expect(isValidNie('X1234567L')).toBe(true);
    expect(isValidNie('Y1234567X')).toBe(true);
    expect(isValidNie('Z1234567R')).toBe(true);
  });

  it('refuses a wrong control letter', () => {
    expect(isValidNie('X1234567A')).toBe(false);
  });
});

describe('isValidCif', () => {
  it('checks the control digit of companies and the control letter of public bodies', () => {
    expect(isValidCif('A58818501')).toBe(true);
    expect(isValidCif('B12345674')).toBe(true);
    expect(isValidCif('P2807900B')).toBe(true);
  });

  it('refuses a wrong control character, or a letter where a digit belongs', () => {
    expect(isValidCif('A58818502')).toBe(false);
    expect(isValidCif('A5881850A')).toBe(false);
    expect(isValidCif('P28079002')).toBe(false);
  });
});

describe('isValidIban', () => {
  it('accepts IBANs whose rearranged digits give 1 modulo 97, spaced or not', () => {
    expect(isValidIban('ES91 2100 0418 4502 0005 1332')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
  });

  it('refuses a changed digit or a malformed code', () => {
    expect(isValidIban('ES91 2100 0418 4502 0005 1333')).toBe(false);
    expect(isValidIban('ES9')).toBe(false);
    expect(isValidIban('1234 5678 9012 3456')).toBe(false);
  });
});

describe('isValidCardNumber', () => {
  it('accepts numbers passing the Luhn check, with spaces or hyphens', () => {
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isValidCardNumber('5500-0000-0000-0004')).toBe(true);
    expect(isValidCardNumber('378282246310005')).toBe(true);
  });

  it('refuses a failed check or a length outside 13 to 19 digits', () => {
    expect(isValidCardNumber('4111 1111 1111 1112')).toBe(false);
    expect(isValidCardNumber('4111 1111')).toBe(false);
  });
});
