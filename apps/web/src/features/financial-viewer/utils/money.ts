import { formatEuroCents } from '../../../lib/format';

const FORMATS = new Map<string, Intl.NumberFormat>();

/** Cents in their currency, in Spanish format with two decimals (1.234,56 €; 1.234,56 US$). */
export function formatCents(cents: number, currency = 'EUR'): string {
  if (currency === 'EUR') return formatEuroCents(cents);
  let format = FORMATS.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('es-ES', {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: 'always',
      });
    } catch {
      return `${formatEuroCents(cents).replace('€', '').trim()} ${currency}`;
    }
    FORMATS.set(currency, format);
  }
  return format.format(cents / 100);
}

/** A euro amount typed by a person ("1.234,56", "-12.5", "300") as cents; null if not a number. */
export function parseEurosToCents(text: string): number | null {
  const trimmed = text.trim().replace(/\s|€/g, '');
  if (trimmed === '') return null;
  // "1.234,56" (Spanish) or "1234.56" (a number input): the last separator is the decimal one.
  const lastComma = trimmed.lastIndexOf(',');
  const lastDot = trimmed.lastIndexOf('.');
  const decimal = lastComma > lastDot ? ',' : '.';
  const thousands = decimal === ',' ? '.' : ',';
  const normal = trimmed.split(thousands).join('').replace(decimal, '.');
  if (!/^-?\d+(\.\d{0,2})?$/.test(normal)) return null;
  return Math.round(Number(normal) * 100);
}

const SHARE = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });

/** A share 0–1 as a percentage in Spanish format, whatever the UI language: 0.832 → "83,2 %". */
export function formatShare(share: number): string {
  return SHARE.format(share);
}
