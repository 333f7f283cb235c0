import type { TUsageStatisticsResponse } from '@app/contracts/neuron-access';

const DAY_MS = 86_400_000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * One row per UTC day from `from` to `now`, the server's days in place and the others made by
 * `empty` (the server lists only days with calls), so a chart's axis keeps its rhythm.
 */
export function fillDays<T extends { day: string }>(options: {
  from: string;
  days: T[];
  empty: (day: string) => T;
  now?: Date;
}): T[] {
  const { days, empty, now = new Date() } = options;
  const start = new Date(options.from);
  if (Number.isNaN(start.getTime())) return days;
  const byDay = new Map(days.map((row) => [row.day, row]));
  const rows: T[] = [];
  const last = utcDay(now);
  let cursor = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  // A year is 366 rows at most: a guard against a wrong `from`, not a limit in practice.
  for (let index = 0; index < 400; index += 1) {
    const day = utcDay(new Date(cursor));
    if (day > last) break;
    rows.push(byDay.get(day) ?? empty(day));
    byDay.delete(day);
    cursor += DAY_MS;
  }
  // Days the server has beyond the range (a clock ahead of ours) are kept, in order.
  return [...rows, ...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** A day without calls: no latency to tell. */
export function emptyUsageDay(day: string): TUsageStatisticsResponse['days'][number] {
  return { day, calls: 0, errors: 0, units: 0, p50Ms: null, p95Ms: null };
}
