import { describe, expect, it } from 'vitest';
import { addIntervalToDateInput, dateInputToIso, isDateInput, toDateInput } from './date-input';

describe('date inputs', () => {
  it('writes a local date as yyyy-MM-dd', () => {
    expect(toDateInput(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('adds one interval, clamping the day to the month end', () => {
    expect(addIntervalToDateInput('2026-03-15', 'MONTH')).toBe('2026-04-15');
    expect(addIntervalToDateInput('2026-01-31', 'MONTH')).toBe('2026-02-28');
    expect(addIntervalToDateInput('2026-12-10', 'MONTH')).toBe('2027-01-10');
    expect(addIntervalToDateInput('2028-02-29', 'YEAR')).toBe('2029-02-28');
  });

  it('turns a day into the instants of its start and end', () => {
    expect(new Date(dateInputToIso('2026-03-15')).getDate()).toBe(15);
    expect(new Date(dateInputToIso('2026-03-15')).getHours()).toBe(0);
    expect(new Date(dateInputToIso('2026-03-15', 'end')).getHours()).toBe(23);
  });

  it('refuses what is not a day of the calendar', () => {
    expect(isDateInput('2026-02-30')).toBe(false);
    expect(isDateInput('15-03-2026')).toBe(false);
    expect(isDateInput('2026-03-15')).toBe(true);
  });
});
