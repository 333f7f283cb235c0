/**
 * Digits in groups of three, one separator throughout: 10,000 (en-US), 10.000 (es), 10 000.
 * A count has no decimals, so either mark can only be a thousands separator here.
 */
const GROUPED_DIGITS = /^\d{1,3}([.,\s\u00a0\u202f])\d{3}(?:\1\d{3})*$/;

/** A whole number of rows (1 or more) as typed in either language, or null when it is not one. */
export function readRowCount(text: string): number | null {
  const trimmed = text.trim();
  const isPlain = /^\d+$/.test(trimmed);
  if (!isPlain && !GROUPED_DIGITS.test(trimmed)) return null;
  const rows = Number(trimmed.replace(/\D/g, ''));
  return Number.isSafeInteger(rows) && rows >= 1 ? rows : null;
}
