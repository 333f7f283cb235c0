import {
  LISTED_RUN_KINDS,
  RUN_STATUSES,
  SINTEZA_ALGORITHMS,
  type TRunsQuery,
} from '@app/contracts/nucleus';

/** The runs list's filters as the address keeps them: '' for none, days as `yyyy-MM-dd`. */
export type RunFilters = {
  status: (typeof RUN_STATUSES)[number] | '';
  algorithm: (typeof SINTEZA_ALGORITHMS)[number] | '';
  kind: (typeof LISTED_RUN_KINDS)[number] | '';
  from: string;
  to: string;
};
export type RunFilterName = keyof RunFilters;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return values.find((known) => known === value) ?? '';
}

/** The user's local midnight starting the day `yyyy-MM-dd` plus `days`; null for no such day. */
function localMidnight(day: string, days = 0): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const midnight = new Date(year, month - 1, date);
  const isThatDay =
    midnight.getFullYear() === year &&
    midnight.getMonth() === month - 1 &&
    midnight.getDate() === date;
  if (!isThatDay) return null;
  midnight.setDate(date + days);
  return midnight;
}

/** The filters an address names; an unknown value or a malformed day is no filter. */
export function readRunFilters(params: URLSearchParams): RunFilters {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return localMidnight(value) === null ? '' : value;
  };
  return {
    status: oneOf(RUN_STATUSES, params.get('status')),
    algorithm: oneOf(SINTEZA_ALGORITHMS, params.get('algorithm')),
    kind: oneOf(LISTED_RUN_KINDS, params.get('kind')),
    from: day('from'),
    to: day('to'),
  };
}

/** Whether the last day comes before the first: that range is left out of the query. */
export function isRangeReversed(filters: RunFilters): boolean {
  return filters.from !== '' && filters.to !== '' && filters.to < filters.from;
}

/** The API's filters: the days as the instants they start and end at in the user's time zone. */
export function toRunsQuery(filters: RunFilters): Omit<TRunsQuery, 'page' | 'pageSize'> {
  const query: Omit<TRunsQuery, 'page' | 'pageSize'> = {};
  if (filters.status !== '') query.status = filters.status;
  if (filters.algorithm !== '') query.algorithm = filters.algorithm;
  if (filters.kind !== '') query.kind = filters.kind;
  if (isRangeReversed(filters)) return query;
  const from = localMidnight(filters.from);
  const to = localMidnight(filters.to, 1);
  if (from) query.createdFrom = from.toISOString();
  if (to) query.createdTo = to.toISOString();
  return query;
}

/** The address with one filter set (or removed when ''), back on the first page. */
export function withRunFilter(
  params: URLSearchParams,
  name: RunFilterName,
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === '') next.delete(name);
  else next.set(name, value);
  next.delete('page');
  return next;
}

export function hasRunFilter(filters: RunFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}
