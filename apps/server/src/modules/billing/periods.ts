/** Billing periods: a month or a year later, the day clamped to the month's end (31 Jan → 28 Feb). */
export function addInterval(start: Date, interval: 'MONTH' | 'YEAR'): Date {
  return addMonths(start, interval === 'MONTH' ? 1 : 12);
}

/** `months` later, the day clamped to the month's end. */
export function addMonths(start: Date, months: number): Date {
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target;
}
