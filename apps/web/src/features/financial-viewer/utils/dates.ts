import type { TCurrentUser } from '@app/contracts/users';
import { formatDate } from '../../../lib/format';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';

/** The signed-in user's time zone (from the user query already loaded), else the browser's. */
export function userTimeZone(): string | undefined {
  const user = queryClient.getQueryData<TCurrentUser>(USER_QUERY_KEY);
  return user?.timeZone || undefined;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Today as yyyy-MM-dd in the given time zone (the user's by default). */
export function todayIso(timeZone: string | undefined = userTimeZone(), now = new Date()): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    }).formatToParts(now);
  } catch {
    // An unknown zone name: the browser's.
    return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The same calendar day `years` earlier (29 Feb → 28 Feb). */
export function minusYears(iso: string, years: number): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const target = year - years;
  const lastDay = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${String(target).padStart(4, '0')}-${pad(month)}-${pad(Math.min(day, lastDay))}`;
}

/** A calendar date (yyyy-MM-dd) as dd-MM-yyyy: it has no time, so no zone shifts it. */
export function formatIsoDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return formatDate(iso, userTimeZone());
  return `${match[3] ?? ''}-${match[2] ?? ''}-${match[1] ?? ''}`;
}

/** A timestamp as dd-MM-yyyy HH:mm in the user's time zone. */
export function formatTimestamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const timeZone = userTimeZone();
  let time = '';
  try {
    time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    }).format(date);
  } catch {
    time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }
  return `${formatDate(iso, timeZone)} ${time}`;
}
