import { describe, expect, it } from 'vitest';
import { ZBillingInfo } from './billing.js';
import { isTaxIdValidFor, taxTreatmentFor, vatNumberOf } from './tax.js';

describe('vatNumberOf', () => {
  it.each([
    ['DE', 'DE123456789', '123456789'],
    ['DE', 'de 123.456.789', '123456789'],
    ['DE', '123456789', '123456789'],
    ['GR', 'EL123456789', '123456789'],
    ['AT', 'ATU12345678', 'U12345678'],
    ['NL', 'NL123456789B01', '123456789B01'],
    ['FR', 'FRXX123456789', 'XX123456789'],
    ['ES', 'ESB12345678', 'B12345678'],
    ['ES', '12345678Z', '12345678Z'],
    ['ES', 'X1234567L', 'X1234567L'],
    ['IE', 'IE1234567WA', '1234567WA'],
    ['SE', 'SE123456789001', '123456789001'],
  ])('reads a %s number %s', (country, taxId, national) => {
    expect(vatNumberOf(country, taxId)).toBe(national);
  });

  it.each([
    ['DE', 'DE12345678'],
    ['DE', 'FR123456789'],
    ['AT', 'AT12345678'],
    ['NL', 'NL123456789'],
    ['ES', '12345678'],
    ['PT', 'B12345678'],
    ['US', '123456789'],
  ])('refuses a %s number %s', (country, taxId) => {
    expect(vatNumberOf(country, taxId)).toBeUndefined();
  });
});

describe('isTaxIdValidFor', () => {
  it('wants the VAT format in the EU and any ID elsewhere', () => {
    expect(isTaxIdValidFor('PT', '501234567')).toBe(true);
    expect(isTaxIdValidFor('PT', 'abc')).toBe(false);
    expect(isTaxIdValidFor('US', '12-3456789')).toBe(true);
    expect(isTaxIdValidFor('US', ' ')).toBe(false);
  });
});

describe('taxTreatmentFor', () => {
  it.each([
    ['ES', true, 'standard'],
    ['ES', false, 'standard'],
    ['DE', true, 'reverse_charge'],
    ['DE', false, 'standard'],
    ['US', false, 'export'],
    ['CH', true, 'export'],
    ['', false, 'standard'],
  ])('taxes %s (valid VAT number: %s) as %s', (country, vatNumberValid, treatment) => {
    expect(taxTreatmentFor({ country, vatNumberValid })).toBe(treatment);
  });
});

describe('ZBillingInfo', () => {
  const info = {
    companyName: 'Acme',
    nif: 'B12345678',
    billingAddress: 'Calle Mayor 1',
    zip: '28013',
    region: 'Madrid',
    country: 'PT',
  };

  it('names the tax ID that lacks the country format', () => {
    const result = ZBillingInfo.safeParse(info);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['nif'], message: 'validation.taxId.invalid' }),
    ]);
    expect(ZBillingInfo.safeParse({ ...info, nif: 'PT501234567' }).success).toBe(true);
  });
});
