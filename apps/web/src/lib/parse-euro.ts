/**
 * Euro typed by a person, in cents: "49,90", "49.90", "1.234,56", "1,234.56", "49", "49,9 €".
 * A separator followed by one or two digits is the decimal one; groups of three digits are
 * thousands. Returns null when the text is not an amount.
 */
export function parseEuroToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0€]/g, '');
  if (!/^\d[\d.,]*$/.test(compact)) return null;
  const decimalMatch = /[.,](\d{1,2})$/.exec(compact);
  const integerPart = decimalMatch ? compact.slice(0, decimalMatch.index) : compact;
  const decimals = decimalMatch?.[1] ?? '';
  // What remains may use one kind of thousands separator, in groups of three.
  if (!/^\d{1,3}(?:([.,])\d{3}(?:\1\d{3})*)?$/.test(integerPart) && !/^\d+$/.test(integerPart)) {
    return null;
  }
  const separator = decimalMatch ? compact.charAt(decimalMatch.index) : null;
  if (separator !== null && integerPart.includes(separator)) return null;
  const euros = Number(integerPart.replace(/[.,]/g, ''));
  const cents = Number(decimals.padEnd(2, '0'));
  const total = euros * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}
