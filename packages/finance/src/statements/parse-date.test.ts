import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectDateOrder, formatExcelSerial, parseDateText } from './parse-date.js';

const SPANISH_MONTHS = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sep',
  'oct',
  'nov',
  'dic',
];
const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const validDate = fc
  .date({
    min: new Date(Date.UTC(1950, 0, 1)),
    max: new Date(Date.UTC(2099, 11, 31)),
    noInvalidDate: true,
  })
  .map((date) => ({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    iso: date.toISOString().slice(0, 10),
  }));

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

describe('parseDateText', () => {
  it.each([
    ['13/11/2025', '2025-11-13'],
    ['29-12-2025', '2025-12-29'],
    ['01.01.2024', '2024-01-01'],
    ['2024-01-15', '2024-01-15'],
    ['2019.04.19.', '2019-04-19'],
    ['20251231', '2025-12-31'],
    ['31/12/25', '2025-12-31'],
    ['31/12/99', '1999-12-31'],
    ['2018-02-25 12:34:56 +0000', '2018-02-25'],
    ['2025-01-01T10:00:00Z', '2025-01-01'],
    ['13/11/2025 09:16h', '2025-11-13'],
    ['31 dic 2025', '2025-12-31'],
    ['5 de enero de 2025', '2025-01-05'],
    ['05-Ene-2025', '2025-01-05'],
    ['Dec 31, 2025', '2025-12-31'],
    ['29/02/2024', '2024-02-29'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseDateText(text)).toBe(iso);
  });

  it('reads 01/02/2025 as February 1st day-first and January 2nd month-first', () => {
    expect(parseDateText('01/02/2025', 'DMY')).toBe('2025-02-01');
    expect(parseDateText('01/02/2025', 'MDY')).toBe('2025-01-02');
  });

  it.each([
    '31/02/2025',
    '29/02/2023',
    '2025-13-01',
    '00/01/2025',
    '32/01/2025',
    '1899-12-31',
    'hoy',
    '12,50',
    '',
    '13/11/2025 garbage',
    '31 foo 2025',
  ])('refuses %j', (text) => {
    expect(parseDateText(text)).toBeNull();
  });

  it('reads back any date written in any of the common forms', () => {
    fc.assert(
      fc.property(validDate, ({ year, month, day, iso }) => {
        const forms = [
          `${pad(day)}/${pad(month)}/${String(year)}`,
          `${String(day)}-${String(month)}-${String(year)}`,
          `${pad(day)}.${pad(month)}.${String(year)}`,
          `${String(year)}-${pad(month)}-${pad(day)}`,
          `${String(year)}.${pad(month)}.${pad(day)}.`,
          `${String(year)}${pad(month)}${pad(day)}`,
          `${pad(day)}/${pad(month)}/${String(year)} 23:59`,
          `${String(day)} ${SPANISH_MONTHS[month - 1] ?? ''} ${String(year)}`,
          `${ENGLISH_MONTHS[month - 1] ?? ''} ${String(day)}, ${String(year)}`,
        ];
        for (const form of forms) expect(parseDateText(form, 'DMY')).toBe(iso);
        expect(parseDateText(`${pad(month)}/${pad(day)}/${String(year)}`, 'MDY')).toBe(iso);
      }),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...Array.from('0123456789/-.: TZadeinov')) }),
        (text) => {
          const result = parseDateText(text);
          if (result !== null) expect(result).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        },
      ),
    );
  });
});

describe('detectDateOrder', () => {
  it('finds day-first dates from a day above 12', () => {
    expect(detectDateOrder(['01/02/2025', '13/02/2025'])).toEqual({
      order: 'DMY',
      isCertain: true,
    });
  });

  it('finds month-first dates from a day above 12 in second place', () => {
    expect(detectDateOrder(['01/02/2025', '12/31/2025'])).toEqual({
      order: 'MDY',
      isCertain: true,
    });
  });

  it('assumes day first, and says it is unsure, when no date shows the order', () => {
    expect(detectDateOrder(['01/02/2025', '2025-03-04'])).toEqual({
      order: 'DMY',
      isCertain: false,
    });
  });
});

describe('formatExcelSerial', () => {
  it('turns Excel date serials into ISO dates in both date systems', () => {
    expect(formatExcelSerial(45974, false)).toBe('2025-11-13');
    expect(formatExcelSerial(43101.75, false)).toBe('2018-01-01');
    expect(formatExcelSerial(0, true)).toBe('1904-01-01');
  });
});
