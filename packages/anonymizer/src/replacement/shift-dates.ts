import { MONTH_NAMES, MONTH_PATTERN } from '../months.js';

const DAY_MS = 86_400_000;
/** The year a day and month without one are counted in (not a leap year). */
const REFERENCE_YEAR = 2001;

/** The dates a finding can hold, longest first; each alternative's groups are named by form. */
const DATE = new RegExp(
  [
    `\\b(?<dmyDay>\\d{1,2})(?<dmyOrdinal>st|nd|rd|th)? (?<dmyMonth>${MONTH_PATTERN})(?<dmyDot>\\.?) (?<dmyYear>\\d{4})\\b`,
    `\\b(?<mdyMonth>${MONTH_PATTERN})(?<mdyDot>\\.?) (?<mdyDay>\\d{1,2})(?<mdyOrdinal>st|nd|rd|th)?(?<mdyComma>,?) (?<mdyYear>\\d{4})\\b`,
    `\\b(?<isoYear>\\d{4})-(?<isoMonth>\\d{2})-(?<isoDay>\\d{2})\\b`,
    `\\b(?<numFirst>\\d{1,2})(?<numSeparator>[./-])(?<numSecond>\\d{1,2})\\k<numSeparator>(?<numYear>\\d{4})\\b`,
    `\\b(?<myMonth>${MONTH_PATTERN})(?<myDot>\\.?) (?<myYear>\\d{4})\\b`,
    `\\b(?<dmDay>\\d{1,2})(?<dmOrdinal>st|nd|rd|th)? (?<dmMonth>${MONTH_PATTERN})\\b`,
    `\\b(?<year>1[89]\\d{2}|20\\d{2})\\b`,
  ].join('|'),
  'g',
);

function monthIndex(name: string): number {
  return MONTH_NAMES.findIndex((month) => month.startsWith(name.slice(0, 3)));
}

/** The month's name as the original wrote it: in full, or in three letters ("Sep"). */
function monthName(index: number, like: string): string {
  const name = MONTH_NAMES[index] ?? '';
  return (MONTH_NAMES as readonly string[]).includes(like) ? name : name.slice(0, 3);
}

function ordinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

/** A day or month zero-padded where the original was ("09"), not otherwise ("9", "30"). */
function pad(value: number, like: string): string {
  return like.startsWith('0') ? String(value).padStart(2, '0') : String(value);
}

function shiftDay(year: number, month: number, day: number, days: number): Date {
  return new Date(Date.UTC(year, month, day) + days * DAY_MS);
}

function isValidDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month && date.getUTCDate() === day;
}

/** A day written with a month's name, moved: the day as written ("09", "3rd"), the month, the year. */
function shiftNamedDay(
  written: { day: string; ordinal?: string; month: string; year: number },
  days: number,
): { day: string; month: string; year: string } {
  const date = shiftDay(written.year, monthIndex(written.month), Number(written.day), days);
  const day = date.getUTCDate();
  return {
    day: `${pad(day, written.day)}${written.ordinal ? ordinal(day) : ''}`,
    month: monthName(date.getUTCMonth(), written.month),
    year: String(date.getUTCFullYear()),
  };
}

/**
 * Every date in a finding moved by the same number of days, written as it was ("3 May 2004",
 * "May 3, 2004", "03/05/2004", "2004-05-03"); a month and year by the whole months of the
 * shift, a year alone by its whole years. Shifting every date of a document by one amount
 * hides them and keeps their order and the time between them. Undefined when the finding
 * holds no date.
 */
export function shiftDates(value: string, days: number): string | undefined {
  const years = Math.round(days / 365.25);
  const months = Math.round(days / 30.44);
  if (value.search(DATE) === -1) return undefined;
  return value.replace(DATE, (match, ...args: unknown[]) => {
    const groups = args.at(-1) as Record<string, string | undefined>;
    if (groups.dmyDay && groups.dmyMonth && groups.dmyYear) {
      const { day, month, year } = shiftNamedDay(
        {
          day: groups.dmyDay,
          ordinal: groups.dmyOrdinal,
          month: groups.dmyMonth,
          year: Number(groups.dmyYear),
        },
        days,
      );
      return `${day} ${month}${groups.dmyDot ?? ''} ${year}`;
    }
    if (groups.mdyMonth && groups.mdyDay && groups.mdyYear) {
      const { day, month, year } = shiftNamedDay(
        {
          day: groups.mdyDay,
          ordinal: groups.mdyOrdinal,
          month: groups.mdyMonth,
          year: Number(groups.mdyYear),
        },
        days,
      );
      return `${month}${groups.mdyDot ?? ''} ${day}${groups.mdyComma ?? ''} ${year}`;
    }
    if (groups.isoYear && groups.isoMonth && groups.isoDay) {
      const date = shiftDay(
        Number(groups.isoYear),
        Number(groups.isoMonth) - 1,
        Number(groups.isoDay),
        days,
      );
      return `${String(date.getUTCFullYear())}-${pad(date.getUTCMonth() + 1, '0')}-${pad(date.getUTCDate(), '0')}`;
    }
    if (groups.numFirst && groups.numSecond && groups.numYear && groups.numSeparator) {
      const year = Number(groups.numYear);
      const first = Number(groups.numFirst);
      const second = Number(groups.numSecond);
      // Day first, as in Europe, unless only the American order makes a date.
      const isDayFirst =
        isValidDay(year, second - 1, first) || !isValidDay(year, first - 1, second);
      const date = isDayFirst
        ? shiftDay(year, second - 1, first, days)
        : shiftDay(year, first - 1, second, days);
      // "14/02/2015" pads its day too, though 14 did not show it.
      const padding =
        groups.numFirst.startsWith('0') || groups.numSecond.startsWith('0') ? '0' : '';
      const day = pad(date.getUTCDate(), padding);
      const month = pad(date.getUTCMonth() + 1, padding);
      const separator = groups.numSeparator;
      return `${isDayFirst ? day : month}${separator}${isDayFirst ? month : day}${separator}${String(date.getUTCFullYear())}`;
    }
    if (groups.myMonth && groups.myYear) {
      const total = Number(groups.myYear) * 12 + monthIndex(groups.myMonth) + months;
      return `${monthName(total % 12, groups.myMonth)}${groups.myDot ?? ''} ${String(Math.floor(total / 12))}`;
    }
    if (groups.dmDay && groups.dmMonth) {
      const { day, month } = shiftNamedDay(
        {
          day: groups.dmDay,
          ordinal: groups.dmOrdinal,
          month: groups.dmMonth,
          year: REFERENCE_YEAR,
        },
        days,
      );
      return `${day} ${month}`;
    }
    if (groups.year) return String(Number(groups.year) + years);
    return match;
  });
}

/**
 * A document's shift: between 400 and 1,500 days, earlier or later, so that every date and
 * every year alone changes.
 */
export function pickDateShift(random: () => number): number {
  const days = 400 + Math.floor(random() * 1_101);
  return random() < 0.5 ? -days : days;
}
