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
