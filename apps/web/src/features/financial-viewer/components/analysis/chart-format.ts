import { formatEuroCents } from '../../../../lib/format';
import { formatIsoDate } from '../../utils/dates';

const TICK = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  useGrouping: 'always',
});
const COMPACT_TICK = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** An axis tick in Spanish format, short enough for a phone: 1.234 €, 12,5 mil €, 1,2 M€. */
export function formatEuroTick(cents: number): string {
  const euros = cents / 100;
  return Math.abs(euros) >= 10_000 ? COMPACT_TICK.format(euros) : TICK.format(euros);
}

/** A tooltip value: the full amount in Spanish format (1.234,56 €); ranges as "a – b". */
export function formatEuroValue(value: unknown): string {
  if (typeof value === 'number') return formatEuroCents(value);
  if (Array.isArray(value) && value.length === 2) {
    const [low, high] = value as unknown[];
    if (typeof low === 'number' && typeof high === 'number') {
      return `${formatEuroCents(low)} – ${formatEuroCents(high)}`;
    }
  }
  return '';
}

/** Spec §9: forecast bounds widen by 2 % of their size (a positive minimum × 0.98, and so on). */
const BOUND_WIDENING = 0.02;

/** An axis end moved 2 % of its size outward: down for the minimum, up for the maximum. */
export function widenAxisBound(value: number, side: 'min' | 'max'): number {
  const change = Math.abs(value) * BOUND_WIDENING;
  return side === 'min' ? value - change : value + change;
}

/** A tick step of 1, 2 or 5 × 10ⁿ nearest a `count`th of `range` (as d3's `tickStep`). */
function roundStep(range: number, count: number): number {
  const rough = range / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const error = rough / power;
  if (error >= Math.sqrt(50)) return 10 * power;
  if (error >= Math.sqrt(10)) return 5 * power;
  return (error >= Math.sqrt(2) ? 2 : 1) * power;
}

export type EuroAxis = { domain: [number, number]; ticks: number[] };

/**
 * The forecast charts' euro axis: from the lowest to the highest of `values` (cents), widened
 * 2 % (spec §9), with about `count` ticks on round amounts inside it. Recharts would step its
 * ticks from the widened lowest value, an odd amount ("211,5 mil €"). No values, no axis.
 */
export function forecastAxis(values: readonly number[], count = 5): EuroAxis | undefined {
  if (values.length === 0) return undefined;
  const low = widenAxisBound(Math.min(...values), 'min');
  const high = widenAxisBound(Math.max(...values), 'max');
  if (low === high) return { domain: [low, high], ticks: [low] };
  const step = roundStep(high - low, count);
  const ticks: number[] = [];
  for (let index = Math.ceil(low / step); index * step <= high; index++) ticks.push(index * step);
  return { domain: [low, high], ticks };
}

/** A date tick as dd-MM (the year is in the tooltip). */
export function formatDayTick(iso: unknown): string {
  if (typeof iso !== 'string') return '';
  return formatIsoDate(iso).slice(0, 5);
}

/** A tooltip's date as dd-MM-yyyy. */
export function formatDayLabel(iso: unknown): string {
  return typeof iso === 'string' ? formatIsoDate(iso) : '';
}

/** yyyy-MM-dd `months` calendar months before `iso` (31 Mar − 1 → 28/29 Feb). */
export function minusMonths(iso: string, months: number): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(targetYear).padStart(4, '0')}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** The charts show the last 6 months (spec §9), counted back from the newest row. */
export const CHART_MONTHS = 6;

/** The rows whose date falls in the last `months` months before the newest one (sorted input). */
export function lastMonths<T>(rows: T[], dateOf: (row: T) => string, months = CHART_MONTHS): T[] {
  const newest = rows.reduce<string>((latest, row) => {
    const date = dateOf(row);
    return date > latest ? date : latest;
  }, '');
  if (newest === '') return [];
  const from = minusMonths(newest, months);
  return rows.filter((row) => dateOf(row) > from);
}
