import type { TRun } from '@app/contracts/nucleus';

export type DailyRows = { day: string; rows: number; runs: number };

/**
 * Rows asked for and runs started per calendar day (UTC) from `from` to `to`, days without a
 * run included, so the chart shows the month so far.
 */
export function dailyRows(runs: TRun[], options: { from: string; to: Date }): DailyRows[] {
  const start = new Date(options.from);
  const days = new Map<string, DailyRows>();
  for (
    let day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
    day <= options.to;
    day = new Date(day.getTime() + 24 * 60 * 60 * 1000)
  ) {
    const key = day.toISOString().slice(0, 10);
    days.set(key, { day: key, rows: 0, runs: 0 });
  }
  for (const run of runs) {
    if (run.status === 'DRAFT') continue;
    const entry = days.get(run.createdAt.slice(0, 10));
    if (entry === undefined) continue;
    entry.runs += 1;
    entry.rows += run.numRows ?? 0;
  }
  return [...days.values()];
}

/** yyyy-MM-dd as dd-MM, for an axis. */
export function shortDay(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  return `${date}-${month}`;
}
