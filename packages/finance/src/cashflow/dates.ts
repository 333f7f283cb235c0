import { CashflowError } from './errors.js';

/**
 * Dates are handled as day numbers (days since 1970-01-01, UTC), which makes gaps, windows
 * and calendar arithmetic integer operations.
 */
const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type CivilDate = { year: number; month: number; day: number };

export function dayFromCivil(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export function civilFromDay(dayNumber: number): CivilDate {
  const date = new Date(dayNumber * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
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
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
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
