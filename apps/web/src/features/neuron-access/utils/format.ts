import type { TCurrentUser } from '@app/contracts/users';
import { formatDate } from '../../../lib/format';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';

/** Counts in Spanish format, as every figure of the app: 12.345. */
const COUNT = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, useGrouping: 'always' });
const PERCENT = new Intl.NumberFormat('es-ES', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** 1234 → "1.234 ms". */
export function formatMs(value: number): string {
  return `${COUNT.format(value)} ms`;
}

/** 0.125 → "12,5 %". */
export function formatPercent(fraction: number): string {
  return PERCENT.format(fraction);
}

/** errors ÷ calls, or null without calls. */
export function errorRate(errors: number, calls: number): number | null {
  return calls === 0 ? null : errors / calls;
}

/** A calendar day (yyyy-MM-dd) as dd-MM-yyyy; as dd-MM for an axis. No zone shifts a date. */
export function formatDay(day: unknown, { short = false }: { short?: boolean } = {}): string {
  if (typeof day !== 'string') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year = '', month = '', date = ''] = match;
  return short ? `${date}-${month}` : `${date}-${month}-${year}`;
}

/** The signed-in user's time zone, else the browser's. */
function userTimeZone(): string | undefined {
  return queryClient.getQueryData<TCurrentUser>(USER_QUERY_KEY)?.timeZone || undefined;
}

/** A moment as dd-MM-yyyy HH:mm:ss in the user's time zone. */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const timeZone = userTimeZone();
  const options: Intl.DateTimeFormatOptions = {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  let time: string;
  try {
    time = new Intl.DateTimeFormat('en-GB', {
      ...options,
      ...(timeZone ? { timeZone } : {}),
    }).format(date);
    return `${formatDate(iso, timeZone)} ${time}`;
  } catch {
    // An unknown zone name: the browser's.
    time = new Intl.DateTimeFormat('en-GB', options).format(date);
    return `${formatDate(iso)} ${time}`;
  }
}
