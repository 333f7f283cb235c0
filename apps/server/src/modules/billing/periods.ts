/** Billing periods: a month or a year later, the day clamped to the month's end (31 Jan → 28 Feb). */
export function addInterval(start: Date, interval: 'MONTH' | 'YEAR'): Date {
  const months = interval === 'MONTH' ? 1 : 12;
  const target = new Date(start);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target;
}
