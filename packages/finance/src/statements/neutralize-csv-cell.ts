const FORMULA_START = /^[=+\-@\t\r]/;

/** True when a spreadsheet would run the text as a formula (CSV injection). */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * Text safe to write into a CSV cell that a spreadsheet will open: a value that starts
 * like a formula (`=`, `+`, `-`, `@`, tab, carriage return) gets a leading apostrophe, so it
 * shows as text instead of running (OWASP CSV injection guidance).
 */
export function neutralizeCsvCell(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}
