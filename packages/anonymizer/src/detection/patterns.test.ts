import { describe, expect, it } from 'vitest';
import type { Label } from '../types.js';
import { findPatterns } from './patterns.js';

function found(text: string): [Label, string][] {
  const seen = new Set<string>();
  return findPatterns(text)
    .sort((a, b) => a.start - b.start)
    .map((span): [Label, string] => [span.label, text.slice(span.start, span.end)])
    .filter(([label, value]) => {
      const key = `${label}:${value}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

describe('findPatterns', () => {
  it('finds e-mail addresses and URLs, leaving a sentence’s final stop out', () => {
    expect(
      found('Write to ana.garcia+legal@bufete-lopez.es or see https://www.example.org/a?id=7.'),
    ).toEqual([
      ['EMAIL', 'ana.garcia+legal@bufete-lopez.es'],
      ['URL', 'https://www.example.org/a?id=7'],
    ]);
  });

  it('finds IPv4 and IPv6 addresses but not impossible octets or longer dotted numbers', () => {
    expect(
      found('At 192.168.1.20 and 2001:db8:85a3::8a2e:370:7334, not 999.1.1.1 or 1.2.3.4.5.'),
    ).toEqual([
      ['IP_ADDRESS', '192.168.1.20'],
      ['IP_ADDRESS', '2001:db8:85a3::8a2e:370:7334'],
    ]);
  });

  it('keeps only IBANs and card numbers whose checksums hold', () => {
    expect(found('IBAN ES91 2100 0418 4502 0005 1332, not ES91 2100 0418 4502 0005 1333.')).toEqual(
      [['IBAN', 'ES91 2100 0418 4502 0005 1332']],
    );
    expect(found('Card 4111 1111 1111 1111; not 4111 1111 1111 1112.')).toEqual([
      ['CARD_NUMBER', '4111 1111 1111 1111'],
    ]);
  });

  it('finds Spanish DNI, NIE and CIF with valid control characters only', () => {
    expect(
      found('DNI 12345678Z, NIE X1234567L, CIF A58818501; not 12345678A nor A58818502.'),
    ).toEqual([
      ['NATIONAL_ID', '12345678Z'],
      ['NATIONAL_ID', 'X1234567L'],
      ['NATIONAL_ID', 'A58818501'],
    ]);
  });

  it('finds US social security and UK National Insurance numbers', () => {
    expect(found('SSN 123-45-6789, NI number AB 12 34 56 C; not 000-12-3456.')).toEqual([
      ['NATIONAL_ID', '123-45-6789'],
      ['NATIONAL_ID', 'AB 12 34 56 C'],
    ]);
  });

  it('finds driving licence numbers after their cue', () => {
    expect(
      found("Her driver's license number is D123-4567-8901; driving licence no. MORGA753116SM9IJ."),
    ).toEqual([
      ['NATIONAL_ID', 'D123-4567-8901'],
      ['NATIONAL_ID', 'MORGA753116SM9IJ'],
    ]);
  });

  it('finds passport numbers after their cue', () => {
    expect(found('His passport number is X1234567 and passport no. AB123456.')).toEqual([
      ['PASSPORT', 'X1234567'],
      ['PASSPORT', 'AB123456'],
    ]);
  });

  it('finds international phone numbers, and national ones after a cue', () => {
    expect(found('Call +34 612 345 678 or telephone: (91) 555 12 34, in 1998 12 05.')).toEqual([
      ['PHONE', '+34 612 345 678'],
      ['PHONE', '(91) 555 12 34'],
    ]);
  });

  it('finds British and North American phone numbers by their national form', () => {
    expect(
      found('Ring 020 7946 0958, 0113 496 0123, 07700 900123, (202) 555-0143 or 202-555-0143.'),
    ).toEqual([
      ['PHONE', '020 7946 0958'],
      ['PHONE', '0113 496 0123'],
      ['PHONE', '07700 900123'],
      ['PHONE', '(202) 555-0143'],
      ['PHONE', '202-555-0143'],
    ]);
    expect(found('Not 0113 496, 01 2345 6789 1234, 1998-2001 or 0012 items.')).toEqual([]);
  });

  it('finds bank accounts after their cue: a sort code, an account or routing number', () => {
    expect(
      found(
        'Sort code 20-00-00, account number 12345678; routing no. 021000021; Account: 1234 5678 90.',
      ),
    ).toEqual([
      ['BANK_ACCOUNT', '20-00-00'],
      ['BANK_ACCOUNT', '12345678'],
      ['BANK_ACCOUNT', '021000021'],
      ['BANK_ACCOUNT', '1234 5678 90'],
    ]);
    expect(found('The account of 12 May was short: account no. 123.')).toEqual([]);
  });

  it('finds Spanish and British licence plates', () => {
    expect(found('Registration plate 1234 BCD, a British AB12 CDE.')).toEqual([
      ['LICENCE_PLATE', '1234 BCD'],
      ['LICENCE_PLATE', 'AB12 CDE'],
    ]);
  });

  it('finds United States docket numbers', () => {
    expect(found('Case No. 1:21-cv-04567-ABC and 2:19-cr-123, not 10:30-am-1.')).toEqual([
      ['CODE', '1:21-cv-04567-ABC'],
      ['CODE', '2:19-cr-123'],
    ]);
  });

  it('finds application and case numbers', () => {
    expect(found('Application no. 19124/02 and case E. 2001/123.')).toEqual([
      ['CODE', '19124/02'],
      ['CODE', '2001/123'],
    ]);
  });

  it('finds dates in the usual English and numeric forms', () => {
    const dates = found('On 1 May 2002, May 1, 2002, in March 1999 and on 2002-05-01.')
      .filter(([label]) => label === 'DATETIME')
      .map(([, value]) => value);
    expect(dates).toEqual(['1 May 2002', 'May 1, 2002', 'March 1999', '2002-05-01']);
  });

  it('finds ages and amounts of money with their currency', () => {
    expect(
      found('Aged 45, a 32-year-old, awarded EUR 10,042 and approximately 5,470 euros (EUR).'),
    ).toEqual([
      ['DEM', 'Aged 45'],
      ['DEM', '32-year-old'],
      ['QUANTITY', 'EUR 10,042'],
      ['QUANTITY', 'approximately 5,470 euros (EUR)'],
    ]);
  });

  it('gives JavaScript string offsets after characters outside the basic plane', () => {
    const text = '𝒜 📄 write to a@b.org';
    const [span] = findPatterns(text);
    expect(span && text.slice(span.start, span.end)).toBe('a@b.org');
  });
});
