import { describe, expect, it } from 'vitest';
import { findStatedAccounts, isValidIban } from './find-stated-accounts.js';

describe('isValidIban', () => {
  it('accepts IBANs whose check digits hold and refuses a changed digit', () => {
    expect(isValidIban('ES9121000418450200051332')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('ES9121000418450200051333')).toBe(false);
    expect(isValidIban('ES91')).toBe(false);
  });
});

describe('findStatedAccounts', () => {
  it('finds the IBAN a bank writes above its table, grouped or not', () => {
    const rows = [
      ['Extracto de movimientos'],
      ['Cuenta:', 'ES91 2100 0418 4502 0005 1332'],
      ['Titular: ACME SL', 'IBAN DE89-3704-0044-0532-0130-00'],
      ['Fecha', 'Concepto', 'Importe'],
      ['01/02/2024', 'TRANSFERENCIA ES7921000813610123456789', '10,00'],
    ];
    expect(findStatedAccounts(rows, 3)).toEqual([
      'ES9121000418450200051332',
      'DE89370400440532013000',
    ]);
  });

  it('ignores numbers that only look like an IBAN and the rows of the table', () => {
    const rows = [
      ['Ref ES12 3456 7890 1234'],
      ['Fecha', 'Importe'],
      ['ES9121000418450200051332', '1'],
    ];
    expect(findStatedAccounts(rows, 1)).toEqual([]);
  });
});
