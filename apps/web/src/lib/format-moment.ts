import type { TCurrentUser } from '@app/contracts/users';
import { USER_QUERY_KEY } from './auth';
import { formatDate } from './format';
import { queryClient } from './query-client';

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
