import type { DateOrder } from './statement-types.js';

const TIME = String.raw`(?:(?:T|\s+)\d{1,2}[:.]\d{2}.*)?`;
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\.?${TIME}$`);
const YEAR_LAST = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})\.?${TIME}$`);
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const NAMED_DAY_FIRST = new RegExp(
  String.raw`^(\d{1,2})(?:\s+de)?[\s\-./]+(\p{L}{3,10})\.?(?:\s+de)?[\s\-./]+(\d{4}|\d{2})${TIME}$`,
  'iu',
);
const NAMED_MONTH_FIRST = new RegExp(
  String.raw`^(\p{L}{3,10})\.?\s+(\d{1,2}),?\s+(\d{4})${TIME}$`,
  'iu',
);
const MAX_DATE_TEXT = 40;
const ENOUGH_VOTES = 500;

const MONTH_NAMES: ReadonlyMap<string, number> = new Map(
  [
    ['jan january ene enero', 1],
    ['feb february febrero', 2],
    ['mar march marzo', 3],
    ['apr april abr abril', 4],
    ['may mayo', 5],
    ['jun june junio', 6],
    ['jul july julio', 7],
    ['aug august ago agosto', 8],
    ['sep sept september set septiembre setiembre', 9],
    ['oct october octubre', 10],
    ['nov november noviembre', 11],
    ['dec december dic diciembre', 12],
  ].flatMap(([names, month]) =>
    String(names)
      .split(' ')
      .map((name): [string, number] => [name, Number(month)]),
  ),
);

function toFullYear(year: string): number {
  const value = Number(year);
  if (year.length === 4) return value;
  return value < 70 ? 2000 + value : 1900 + value;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function formatIsoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (day > daysInMonth) return null;
  return `${String(year)}-${month < 10 ? '0' : ''}${String(month)}-${day < 10 ? '0' : ''}${String(day)}`;
}

function findMonth(name: string): number | undefined {
  return MONTH_NAMES.get(name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
}

/**
 * Reads a date as statements write it — `31/12/2025`, `31-12-25`, `31.12.2025`,
 * `2025-12-31`, `2019.04.19.`, `20251231`, `31 dic 2025`, `Dec 31, 2025`, with or without a
 * time — into ISO `yyyy-mm-dd`; null when it is not a valid date. `order` says whether
 * `01/02/2025` is the 1st of February (DMY) or January 2nd (MDY).
 */
export function parseDateText(text: string, order: DateOrder = 'DMY'): string | null {
  const value = text.trim();
  if (value.length < 6 || value.length > MAX_DATE_TEXT) return null;
  let match = YEAR_FIRST.exec(value);
  if (match) return formatIsoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = YEAR_LAST.exec(value);
  if (match) {
    const first = Number(match[1]);
    const second = Number(match[3]);
    const year = toFullYear(match[4] ?? '');
    return order === 'DMY'
      ? formatIsoDate(year, second, first)
      : formatIsoDate(year, first, second);
  }
  match = COMPACT.exec(value);
  if (match) return formatIsoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = NAMED_DAY_FIRST.exec(value);
  if (match) {
    const month = findMonth(match[2] ?? '');
    return month === undefined
      ? null
      : formatIsoDate(toFullYear(match[3] ?? ''), month, Number(match[1]));
  }
  match = NAMED_MONTH_FIRST.exec(value);
  if (match) {
    const month = findMonth(match[1] ?? '');
    return month === undefined ? null : formatIsoDate(Number(match[3]), month, Number(match[2]));
  }
  return null;
}

/**
 * Whether the day or the month comes first in a column of `dd/mm/yyyy`-like dates, from the
 * values where one part is above 12. Uncertain (and day first) when no value shows it.
 */
export function detectDateOrder(texts: Iterable<string>): {
  order: DateOrder;
  isCertain: boolean;
} {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const text of texts) {
    if (dayFirst + monthFirst >= ENOUGH_VOTES) break;
    const match = YEAR_LAST.exec(text.trim());
    if (!match) continue;
    const first = Number(match[1]);
    const second = Number(match[3]);
    if (first > 12 && second <= 12) dayFirst++;
    else if (second > 12 && first <= 12) monthFirst++;
  }
  if (dayFirst === 0 && monthFirst === 0) return { order: 'DMY', isCertain: false };
  return { order: monthFirst > dayFirst ? 'MDY' : 'DMY', isCertain: true };
}

const MS_PER_DAY = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** An Excel date serial (days since 1899-12-30, or 1904-01-01 in 1904-based workbooks) as ISO; the time of day is dropped. */
export function formatExcelSerial(serial: number, isDate1904: boolean): string | null {
  if (!Number.isFinite(serial)) return null;
  const epoch = isDate1904 ? EPOCH_1904 : EPOCH_1900;
  const date = new Date(epoch + Math.floor(serial) * MS_PER_DAY);
  return formatIsoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}
