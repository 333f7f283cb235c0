/** A formula sign, alone or after blanks (a no-break space among them), or a tab or CR first. */
const FORMULA_START = /^([\t\r]|[ \t\n\v\f\r\u00a0]*[-=+@])/;

/** True when a spreadsheet would run the text as a formula (CSV injection). */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * Text safe to write into a CSV cell that a spreadsheet will open: a value that starts
 * like a formula (`=`, `+`, `-`, `@`, tab, carriage return, or blanks before `=`, `+`, `-` or
 * `@`, which a spreadsheet may drop) gets a leading apostrophe, so it shows as text instead of
 * running (OWASP CSV injection guidance).
 */
export function neutralizeCsvCell(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}
