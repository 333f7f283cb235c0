import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  civilFromDay,
  dayFromCivil,
  daysInMonth,
  formatIsoDay,
  parseIsoDay,
  weekdayOf,
} from './dates.js';

describe('dates', () => {
  it('knows the length of February in leap and common years', () => {
    expect([2023, 2024, 1900, 2000].map((year) => daysInMonth(year, 2))).toEqual([28, 29, 28, 29]);
    expect([1, 4, 12].map((month) => daysInMonth(2023, month))).toEqual([31, 30, 31]);
  });

  it('numbers weekdays from Monday (0) to Sunday (6), before 1970 too', () => {
    expect(
      ['2024-06-10', '2024-06-15', '2024-06-16', '1969-12-31'].map((date) =>
        weekdayOf(parseIsoDay(date, 'date')),
      ),
    ).toEqual([0, 5, 6, 2]);
  });

  it('turns dates into day numbers and back', () => {
    const day = parseIsoDay('1993-03-31', 'date');
    expect(formatIsoDay(day + 1)).toBe('1993-04-01');
    expect(civilFromDay(day)).toEqual({ year: 1993, month: 3, day: 31 });
  });

  it('agrees with Date on every day number from year -100 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: -755_000, max: 2_932_896 }), (day) => {
        const date = new Date(day * 86_400_000);
        expect(civilFromDay(day)).toEqual({
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
        });
        expect(formatIsoDay(day)).toBe(date.toISOString().slice(0, 10));
        const { year, month, day: dayOfMonth } = civilFromDay(day);
        expect(dayFromCivil(year, month, dayOfMonth)).toBe(day);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses impossible dates and other formats', () => {
    for (const value of ['2023-02-29', '2024-04-31', '2024-1-01', '31/01/2024', '']) {
      expect(() => parseIsoDay(value, 'date')).toThrow(/date/);
    }
  });
});
