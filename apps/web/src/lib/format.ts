/** Money and dates as the spec shows them, for every feature: Spanish euro and dd-MM-yyyy. */

const EURO = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // es-ES leaves four-digit numbers ungrouped by default; the spec writes 1.234,56 €.
  useGrouping: 'always',
});

/** 123456 → "1.234,56 €". */
export function formatEuroCents(cents: number): string {
  return EURO.format(cents / 100);
}

/** An ISO timestamp as dd-MM-yyyy, in the given time zone (the browser's by default). */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}

const COUNT = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, useGrouping: 'always' });
const PERCENT = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 });

/** A count in Spanish format, grouped like the amounts: 12345 → "12.345". */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** A duration in milliseconds: 1234 → "1.234 ms". */
export function formatMs(value: number): string {
  return `${COUNT.format(value)} ms`;
}

/** A share 0–1 as a whole percentage in Spanish format: 0.125 → "13 %". */
export function formatPercent(share: number): string {
  return PERCENT.format(share);
}

/** A plan limit in the UI language's compact notation: 10000 → "10K" (en) or "10 mil" (es). */
export function formatCompact(value: number, language: string): string {
  return new Intl.NumberFormat(language, { notation: 'compact' }).format(value);
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();
}
