import type { TUsageStatisticsResponse } from '@app/contracts/neuron-access';

/** This month's calls against the plan: a bar when there is a limit. */
export type MonthUse =
  | { kind: 'limited'; calls: number; limit: number; /** 0–1, capped at 1. */ share: number }
  | { kind: 'unlimited'; calls: number }
  /** No plan to measure against (not subscribed, or a member who cannot read the plan). */
  | { kind: 'unknown'; calls: number };

/**
 * The server gives the limit of the team's active plan, null when the plan is unlimited and
 * also when there is no active plan: whether there is one comes from `isSubscribed`.
 */
export function getMonthUse(
  statistics: Pick<TUsageStatisticsResponse, 'monthCalls' | 'monthlyLimit'>,
  isSubscribed: boolean | undefined,
): MonthUse {
  const { monthCalls: calls, monthlyLimit: limit } = statistics;
  if (limit !== null) {
    return { kind: 'limited', calls, limit, share: limit <= 0 ? 1 : Math.min(calls / limit, 1) };
  }
  return isSubscribed === true ? { kind: 'unlimited', calls } : { kind: 'unknown', calls };
}

export type DayCalls = { day: string; calls: number; errors: number };

const DAY_MS = 86_400_000;

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * One row per UTC day of the period, from its first day to `now`'s: the server lists only the
 * days that had calls, the chart shows the quiet ones as zero.
 */
export function fillDays(
  statistics: Pick<TUsageStatisticsResponse, 'from' | 'days'>,
  now: Date = new Date(),
): DayCalls[] {
  const byDay = new Map(statistics.days.map((day) => [day.day, day]));
  const start = Date.parse(`${statistics.from.slice(0, 10)}T00:00:00.000Z`);
  const end = Date.parse(`${isoDay(now.getTime())}T00:00:00.000Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return [];
  const rows: DayCalls[] = [];
  for (let time = start; time <= end; time += DAY_MS) {
    const day = isoDay(time);
    const found = byDay.get(day);
    rows.push({ day, calls: found?.calls ?? 0, errors: found?.errors ?? 0 });
  }
  return rows;
}

/** yyyy-MM-dd as dd-MM-yyyy, the app's date format (a calendar day: no zone shifts it). */
export function formatDay(iso: string): string {
  const [year = '', month = '', day = ''] = iso.split('-');
  return `${day}-${month}-${year}`;
}
