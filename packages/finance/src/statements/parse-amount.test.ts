import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectDecimalSeparator,
  parseAmountNumber,
  parseAmountText,
  type AmountResult,
} from './parse-amount.js';

function cents(result: AmountResult): number | string {
  return result.ok ? result.cents : result.reason;
}

type Style = {
  name: string;
  decimal: ',' | '.';
  format: (units: string, fraction: string, isNegative: boolean) => string;
};

function group(units: string, separator: string): string {
  return units.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

const STYLES: Style[] = [
  {
    name: 'Spanish 1.234,56',
    decimal: ',',
    format: (u, f, n) => `${n ? '-' : ''}${group(u, '.')},${f}`,
  },
  {
    name: 'English 1,234.56',
    decimal: '.',
    format: (u, f, n) => `${n ? '-' : ''}${group(u, ',')}.${f}`,
  },
  { name: 'plain -1234.56', decimal: '.', format: (u, f, n) => `${n ? '-' : ''}${u}.${f}` },
  { name: 'plain -1234,56', decimal: ',', format: (u, f, n) => `${n ? '-' : ''}${u},${f}` },
  {
    name: 'trailing minus 1.234,56-',
    decimal: ',',
    format: (u, f, n) => `${group(u, '.')},${f}${n ? '-' : ''}`,
  },
  {
    name: 'parentheses (1,234.56)',
    decimal: '.',
    format: (u, f, n) => (n ? `(${group(u, ',')}.${f})` : `${group(u, ',')}.${f}`),
  },
  {
    name: "Swiss 1'234.56",
    decimal: '.',
    format: (u, f, n) => `${n ? '-' : ''}${group(u, "'")}.${f}`,
  },
  {
    name: 'spaced 1 234,56 €',
    decimal: ',',
    format: (u, f, n) => `${n ? '-' : ''}${group(u, ' ')},${f} €`,
  },
  {
    name: 'suffix -1.234,56EUR',
    decimal: ',',
    format: (u, f, n) => `${n ? '-' : ''}${group(u, '.')},${f}EUR`,
  },
  {
    name: 'prefix $-1,234.56',
    decimal: '.',
    format: (u, f, n) => `$${n ? '-' : ''}${group(u, ',')}.${f}`,
  },
  {
    name: 'DR suffix 1,234.56 DR',
    decimal: '.',
    format: (u, f, n) => `${group(u, ',')}.${f}${n ? ' DR' : ' CR'}`,
  },
];

describe('parseAmountText', () => {
  it.each([
    ['1.234,56', 123456],
    ['-1,234.56', -123456],
    ['(12.00)', -1200],
    ['12,5', 1250],
    ['12,00-', -1200],
    ['-50,00EUR', -5000],
    ['2.150,50 EUR', 215050],
    ["11'373.94", 1137394],
    ['75', 7500],
    ['-0.18', -18],
    ['+3,40', 340],
    ['−7,10', -710],
    ['.5', 50],
    ['1.234.567', 123456700],
    ['2000.000', 200000],
    ['-0,00', 0],
  ])('reads %s as %d cents', (text, expected) => {
    expect(cents(parseAmountText(text))).toBe(expected);
  });

  it('reads 1.234 as a thousand unless the statement writes decimals with a dot', () => {
    expect(cents(parseAmountText('1.234'))).toBe(123400);
    expect(cents(parseAmountText('1.234', ','))).toBe(123400);
    expect(cents(parseAmountText('1,234', '.'))).toBe(123400);
    expect(parseAmountText('1.234', '.')).toEqual({ ok: false, reason: 'fractions of a cent' });
    expect(parseAmountText('0,125')).toEqual({ ok: false, reason: 'fractions of a cent' });
  });

  it.each([
    ['', 'empty'],
    ['abc', 'not a number'],
    ['12,3,4', 'misplaced thousands separator'],
    ['1.23.456,7', 'misplaced thousands separator'],
    ['--5', 'not a number'],
    ['(5', 'unbalanced parentheses'],
    ['(-5)', 'more than one sign'],
    ['5-DR', 'not a number'],
    ['12.', 'not a number'],
    ['12 ABC', 'not a number'],
    ['12345678901234567', 'too large'],
    ['1'.repeat(60), 'not a number'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(parseAmountText(text)).toEqual({ ok: false, reason });
  });

  it('reads back any amount written in any bank style', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }),
        fc.constantFrom(...STYLES),
        (value, style) => {
          const absolute = Math.abs(value);
          const units = String(Math.floor(absolute / 100));
          const fraction = String(absolute % 100).padStart(2, '0');
          const text = style.format(units, fraction, value < 0);
          expect(cents(parseAmountText(text, style.decimal))).toBe(value);
        },
      ),
    );
  });

  it('reads one-decimal amounts such as 12,5 as tens of cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999 }),
        fc.integer({ min: 0, max: 9 }),
        fc.boolean(),
        (units, tenth, isNegative) => {
          const magnitude = units * 100 + tenth * 10;
          const value = isNegative && magnitude !== 0 ? -magnitude : magnitude;
          expect(
            cents(parseAmountText(`${isNegative ? '-' : ''}${String(units)},${String(tenth)}`)),
          ).toBe(value);
          expect(
            cents(parseAmountText(`${String(units)}.${String(tenth)}${isNegative ? '-' : ''}`)),
          ).toBe(value);
        },
      ),
    );
  });

  it('never throws and answers every text with cents or a reason', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...Array.from("0123456789.,-+() €EURCDR'")) }),
        (text) => {
          const result = parseAmountText(text);
          if (result.ok) expect(Number.isSafeInteger(result.cents)).toBe(true);
          else expect(result.reason).not.toBe('');
        },
      ),
    );
  });
});

describe('parseAmountNumber', () => {
  it('reads spreadsheet numbers to the cent, floating-point noise included', () => {
    expect(parseAmountNumber(2704.58)).toEqual({ ok: true, cents: 270458 });
    expect(parseAmountNumber(0.1 + 0.2)).toEqual({ ok: true, cents: 30 });
    expect(parseAmountNumber(-300)).toEqual({ ok: true, cents: -30000 });
  });

  it('refuses fractions of a cent and non-numbers', () => {
    expect(parseAmountNumber(10.005)).toEqual({ ok: false, reason: 'fractions of a cent' });
    expect(parseAmountNumber(Number.NaN)).toEqual({ ok: false, reason: 'not a number' });
  });

  it('keeps every two-decimal value exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 }), (value) => {
        expect(parseAmountNumber(value / 100)).toEqual({ ok: true, cents: value });
      }),
    );
  });
});

describe('detectDecimalSeparator', () => {
  it('finds the comma in Spanish amounts and the dot in English ones', () => {
    expect(detectDecimalSeparator(['-3,40', '1.500', '2.150,50'])).toBe(',');
    expect(detectDecimalSeparator(['-3.40', '1,500', '2,150.50'])).toBe('.');
    expect(detectDecimalSeparator(['1.234.567'])).toBe(',');
  });

  it('has no answer when no amount shows a decimal separator', () => {
    expect(detectDecimalSeparator(['1.500', '75', '-2'])).toBeNull();
  });
});
