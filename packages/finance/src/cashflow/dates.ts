import { CashflowError } from './errors.js';

/**
 * Dates are handled as day numbers (days since 1970-01-01, UTC), which makes gaps, windows
 * and calendar arithmetic integer operations.
 */
const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type CivilDate = { year: number; month: number; day: number };

/** The day number of a valid calendar date (Hinnant's `days_from_civil`, integer arithmetic). */
export function dayFromCivil(year: number, month: number, day: number): number {
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * The calendar date of a day number, by integer arithmetic over 400-year eras (Howard
 * Hinnant's `civil_from_days`): no `Date` object, which the forecast's per-day loops felt.
 */
export function civilFromDay(dayNumber: number): CivilDate {
  const shifted = dayNumber + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1,
  };
}

/** Parses `yyyy-mm-dd`; throws a `CashflowError` naming `field` on anything else. */
export function parseIsoDay(value: string, field: string): number {
  const match = ISO_DATE.exec(value);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const dayNumber = dayFromCivil(year, month, day);
    const civil = civilFromDay(dayNumber);
    if (civil.year === year && civil.month === month && civil.day === day) return dayNumber;
  }
  throw new CashflowError('INVALID_DATE', `${field}: "${value}" is not a date (yyyy-mm-dd)`);
}

export function formatIsoDay(dayNumber: number): string {
  const { year, month, day } = civilFromDay(dayNumber);
  if (year < 0 || year > 9999) return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && isLeap ? 29 : (MONTH_LENGTHS[month - 1] ?? 31);
}

/** Months counted from year 0, so that consecutive months differ by one. */
export function monthIndexOf(civil: CivilDate): number {
  return civil.year * 12 + civil.month - 1;
}

export function civilMonthOf(monthIndex: number): { year: number; month: number } {
  return { year: Math.floor(monthIndex / 12), month: (monthIndex % 12) + 1 };
}
