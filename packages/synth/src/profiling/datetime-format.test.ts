import { describe, expect, it } from 'vitest';
import { detectDatetimeFormat, parseDatetime } from './datetime-format.js';

describe('parseDatetime', () => {
  it('applies the offset a value carries and keeps milliseconds', () => {
    const format = "yyyy-MM-dd'T'HH:mm:ss.SSSX";
    expect(parseDatetime('2024-01-31T13:45:00.250+02:00', format)).toBe(
      Date.UTC(2024, 0, 31, 11, 45, 0, 250),
    );
  });

  it('reads day-first dates and refuses the 29th of February outside leap years', () => {
    expect(parseDatetime('29/02/2024', 'dd/MM/yyyy')).toBe(Date.UTC(2024, 1, 29));
    expect(parseDatetime('29/02/2023', 'dd/MM/yyyy')).toBeNull();
  });
});

describe('detectDatetimeFormat', () => {
  it('prefers day-first when every value fits both orders', () => {
    expect(detectDatetimeFormat(['01/02/2024', '03/04/2024'])).toBe('dd/MM/yyyy');
  });

  it('finds nothing in non-dates or an empty list', () => {
    expect(detectDatetimeFormat(['tomorrow'])).toBeNull();
    expect(detectDatetimeFormat([])).toBeNull();
  });
});
