type Field = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'fraction' | 'zone';

type CompiledFormat = { format: string; pattern: RegExp; fields: Field[] };

const TOKENS: Record<string, { source: string; field: Field }> = {
  yyyy: { source: '(\\d{4})', field: 'year' },
  MM: { source: '(\\d{1,2})', field: 'month' },
  dd: { source: '(\\d{1,2})', field: 'day' },
  HH: { source: '(\\d{1,2})', field: 'hour' },
  mm: { source: '(\\d{2})', field: 'minute' },
  ss: { source: '(\\d{2})', field: 'second' },
  SSS: { source: '(\\d{1,9})', field: 'fraction' },
  X: { source: '(Z|[+-]\\d{2}:?\\d{2})', field: 'zone' },
};

const DATE_PARTS = [
  'yyyy-MM-dd',
  'yyyy/MM/dd',
  'dd/MM/yyyy',
  'MM/dd/yyyy',
  'dd-MM-yyyy',
  'MM-dd-yyyy',
  'dd.MM.yyyy',
];
const TIME_PARTS = [
  '',
  ' HH:mm',
  ' HH:mm:ss',
  ' HH:mm:ss.SSS',
  "'T'HH:mm",
  "'T'HH:mm:ss",
  "'T'HH:mm:ss.SSS",
  "'T'HH:mm:ssX",
  "'T'HH:mm:ss.SSSX",
];

function compileFormat(format: string): CompiledFormat {
  const fields: Field[] = [];
  let source = '';
  for (const token of format.match(/yyyy|MM|dd|HH|mm|ss|SSS|X|'[^']*'|./g) ?? []) {
    const known = TOKENS[token];
    if (known) {
      source += known.source;
      fields.push(known.field);
    } else {
      const literal = token.startsWith("'") ? token.slice(1, -1) : token;
      source += literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return { format, pattern: new RegExp(`^${source}$`), fields };
}

/** Candidates in order of preference: where both fit (every day ≤ 12), day-first wins. */
const FORMATS: CompiledFormat[] = DATE_PARTS.flatMap((date) =>
  TIME_PARTS.map((time) => compileFormat(date + time)),
);

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parseZoneMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return zone.startsWith('-') ? -minutes : minutes;
}

function parseWith(compiled: CompiledFormat, value: string): number | null {
  const match = compiled.pattern.exec(value);
  if (!match) return null;
  const parts = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, fraction: 0, zone: 0 };
  compiled.fields.forEach((field, index) => {
    const text = match[index + 1] ?? '';
    if (field === 'zone') parts.zone = parseZoneMinutes(text);
    else if (field === 'fraction') parts.fraction = Number(`0.${text}`) * 1000;
    else parts[field] = Number(text);
  });
  const { year, month, day, hour, minute, second } = parts;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return (
    Date.UTC(year, month - 1, day, hour, minute, second, Math.round(parts.fraction)) -
    parts.zone * 60_000
  );
}

/** The first known format every value is written in, or `null`. */
export function detectDatetimeFormat(values: Iterable<string>): string | null {
  const list = [...values];
  if (list.length === 0) return null;
  const found = FORMATS.find((compiled) =>
    list.every((value) => parseWith(compiled, value) !== null),
  );
  return found?.format ?? null;
}

/** Milliseconds since the epoch (UTC unless the value has an offset); `null` if it does not fit. */
export function parseDatetime(value: string, format: string): number | null {
  const compiled =
    FORMATS.find((candidate) => candidate.format === format) ?? compileFormat(format);
  return parseWith(compiled, value);
}
