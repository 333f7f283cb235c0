const DAY_MILLISECONDS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as a count of days since 1970-01-01 (UTC), so date arithmetic is integer. */
export type DayNumber = number;

export function parseIsoDate(text: string): DayNumber | undefined {
  if (!ISO_DATE.test(text)) return undefined;
  const time = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text) return undefined;
  return time / DAY_MILLISECONDS;
}

/** Days are few (a history spans about a thousand): caching their text and parts keeps the generator fast. */
const isoCache = new Map<DayNumber, string>();
const partsCache = new Map<DayNumber, DateParts>();

export function toIsoDate(day: DayNumber): string {
  let text = isoCache.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MILLISECONDS).toISOString().slice(0, 10);
    isoCache.set(day, text);
  }
  return text;
}

export function dayOf(date: Date): DayNumber {
  return Math.floor(date.getTime() / DAY_MILLISECONDS);
}

export function dayFromParts(year: number, month: number, dayOfMonth: number): DayNumber {
  return Date.UTC(year, month - 1, dayOfMonth) / DAY_MILLISECONDS;
}

export type DateParts = { year: number; month: number; dayOfMonth: number; weekday: number };

export function partsOf(day: DayNumber): DateParts {
  let parts = partsCache.get(day);
  if (!parts) {
    const date = new Date(day * DAY_MILLISECONDS);
    parts = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      dayOfMonth: date.getUTCDate(),
      weekday: date.getUTCDay(),
    };
    partsCache.set(day, parts);
  }
  return parts;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Easter Sunday (anonymous Gregorian algorithm), for Good Friday. */
function easterSunday(year: number): DayNumber {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d =
    (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((8 * b + 13) / 25)) / 3) + 15) %
    30;
  const e = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - d - (c % 4)) % 7;
  const f = d + e - 7 * Math.floor((a + 11 * d + 22 * e) / 451) + 114;
  return dayFromParts(year, Math.floor(f / 31), (f % 31) + 1);
}

/** Spain's national bank holidays: the days no transfer or direct debit is booked. */
const FIXED_HOLIDAYS = [
  '01-01',
  '01-06',
  '05-01',
  '08-15',
  '10-12',
  '11-01',
  '12-06',
  '12-08',
  '12-25',
];

const holidayCache = new Map<number, Set<DayNumber>>();

function holidaysOf(year: number): Set<DayNumber> {
  let holidays = holidayCache.get(year);
  if (!holidays) {
    holidays = new Set(FIXED_HOLIDAYS.map((monthDay) => parseIsoDate(`${year}-${monthDay}`) ?? 0));
    holidays.add(easterSunday(year) - 2);
    holidayCache.set(year, holidays);
  }
  return holidays;
}

export function isWorkingDay(day: DayNumber): boolean {
  const { year, weekday } = partsOf(day);
  return weekday !== 0 && weekday !== 6 && !holidaysOf(year).has(day);
}

/** The day itself when it is a working day, else the next one. */
export function nextWorkingDay(day: DayNumber): DayNumber {
  let candidate = day;
  while (!isWorkingDay(candidate)) candidate++;
  return candidate;
}

export function lastWorkingDayOfMonth(year: number, month: number): DayNumber {
  let candidate = dayFromParts(year, month, daysInMonth(year, month));
  while (!isWorkingDay(candidate)) candidate--;
  return candidate;
}

export function addMonths(year: number, month: number, count: number): [number, number] {
  const index = year * 12 + (month - 1) + count;
  return [Math.floor(index / 12), (index % 12) + 1];
}
