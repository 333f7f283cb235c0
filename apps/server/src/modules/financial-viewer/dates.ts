import { DATE_RANGE_MAX_YEARS, FINANCIAL_VIEWER_VALIDATION } from '@app/contracts/financial-viewer';
import { validationError } from '../../platform/errors.js';

const DAY_MILLISECONDS = 86_400_000;

/** The UTC calendar day of an instant, ISO yyyy-mm-dd. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function shiftDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MILLISECONDS));
}

export function shiftYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return isoDay(date);
}

/**
 * Spec §5: From not earlier than 20 years ago and not after To; To not in the future. A day
 * of slack on "today" lets a user ahead of UTC pick their own today.
 */
export function checkDateRange(
  range: { from?: string | undefined; to?: string | undefined },
  fields: { from: string; to: string },
  now: Date,
): void {
  const today = isoDay(now);
  const problems: Record<string, string> = {};
  if (range.from !== undefined && range.from < shiftYears(today, -DATE_RANGE_MAX_YEARS)) {
    problems[fields.from] = FINANCIAL_VIEWER_VALIDATION.dateTooEarly;
  }
  if (range.to !== undefined && range.to > shiftDays(today, 1)) {
    problems[fields.to] = FINANCIAL_VIEWER_VALIDATION.dateInFuture;
  }
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) {
    problems[fields.from] = FINANCIAL_VIEWER_VALIDATION.dateOrder;
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
}
