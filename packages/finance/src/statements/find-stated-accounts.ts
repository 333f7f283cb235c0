import { getCellText } from './cell-text.js';
import type { Cell } from './statement-types.js';

const IBAN_CANDIDATE = /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]{2,4}){3,8}\b/g;
/** The heading rows a bank writes above its table are where it names the account. */
const HEADING_ROWS = 30;

/** ISO 13616: the IBAN moved four characters, letters as numbers, modulo 97 equals 1. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of moved) {
    const value = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * The IBANs a statement names in its heading (the rows above its table's header), without
 * spaces: the account the bank says the file is of. A table without a header names none.
 */
export function findStatedAccounts(rows: readonly Cell[][], tableStart: number): string[] {
  const found = new Set<string>();
  const end = Math.min(tableStart, HEADING_ROWS, rows.length);
  for (let index = 0; index < end; index++) {
    for (const cell of rows[index] ?? []) {
      const text = getCellText(cell).toUpperCase();
      for (const match of text.matchAll(IBAN_CANDIDATE)) {
        const iban = match[0].replace(/[ -]/g, '');
        if (isValidIban(iban)) found.add(iban);
      }
    }
  }
  return [...found];
}
