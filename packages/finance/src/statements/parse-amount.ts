import type { DecimalSeparator } from './statement-types.js';

export type AmountResult = { ok: true; cents: number } | { ok: false; reason: string };

const CURRENCY = String.raw`(?:[€$£¥]|EUR|USD|GBP|CHF|SGD|HUF|LTL|SEK|NOK|DKK|PLN|CZK|JPY|CAD|AUD|MXN|ARS|COP|CLP|BRL)`;
const BODY = String.raw`[0-9](?:[0-9.,'’ \u00a0\u202f]*[0-9])?|[.,][0-9]+`;
const AMOUNT_PATTERN = new RegExp(
  String.raw`^(\()?\s*(?:${CURRENCY}\s*)?([+\-−])?\s*(?:${CURRENCY}\s*)?(${BODY})\s*(?:${CURRENCY}\s*)?([+\-−]|CR|DR)?\s*(?:${CURRENCY}\s*)?(\))?$`,
  'i',
);
const GROUPING_SPACE = /[ \u00a0\u202f'’]/;
const GROUPED_INTEGER = /^\d{1,3}(?:([.,' \u00a0\u202f’])\d{3})*$/;
const MAX_INTEGER_DIGITS = 13;
// Longer text is never an amount; the cap also bounds the pattern's backtracking.
const MAX_AMOUNT_TEXT = 48;
const ENOUGH_VOTES = 1000;

type MatchedAmount = { isNegative: boolean; body: string };

function matchAmount(text: string): MatchedAmount | string {
  const trimmed = text.trim();
  if (trimmed.length > MAX_AMOUNT_TEXT) return 'not a number';
  const match = AMOUNT_PATTERN.exec(trimmed);
  if (!match) return 'not a number';
  const [, open, lead, body = '', trail, close] = match;
  if (Boolean(open) !== Boolean(close)) return 'unbalanced parentheses';
  const trailSign = trail?.toUpperCase();
  const negatives = [
    open !== undefined,
    lead === '-' || lead === '−',
    trailSign === '-' || trailSign === '−' || trailSign === 'DR',
  ].filter(Boolean).length;
  const signs = [open, lead, trail].filter((part) => part !== undefined).length;
  if (signs > 1) return 'more than one sign';
  return { isNegative: negatives === 1, body };
}

/** Which character of `body` is the decimal separator, or null for a whole number. */
function findDecimalSeparator(body: string, hint?: DecimalSeparator): DecimalSeparator | null {
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? '.' : ',';
  const separator: DecimalSeparator | null = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (separator === null) return null;
  const index = body.indexOf(separator);
  if (index !== body.lastIndexOf(separator)) return null;
  const digitsAfter = body.length - index - 1;
  if (digitsAfter !== 3 || GROUPING_SPACE.test(body)) return separator;
  // "1.234" is a thousand in a comma-decimal statement and 1.234 in a dot-decimal one.
  const integerPart = body.slice(0, index);
  if (!/^\d{1,3}$/.test(integerPart) || /^0+$/.test(integerPart)) return separator;
  return hint === separator ? separator : null;
}

function parseBody(body: string, hint?: DecimalSeparator): AmountResult {
  const decimal = findDecimalSeparator(body, hint);
  const decimalIndex = decimal === null ? -1 : body.lastIndexOf(decimal);
  const integerText = decimalIndex === -1 ? body : body.slice(0, decimalIndex);
  const fraction = decimalIndex === -1 ? '' : body.slice(decimalIndex + 1);
  if (decimalIndex !== -1 && !/^\d+$/.test(fraction)) return { ok: false, reason: 'not a number' };
  let integerDigits = '0';
  if (integerText !== '') {
    const grouped = GROUPED_INTEGER.exec(integerText);
    if (grouped) {
      const groupChar = grouped[1];
      if (groupChar !== undefined && integerText.split(groupChar).join('').match(/\D/)) {
        return { ok: false, reason: 'mixed thousands separators' };
      }
      integerDigits = integerText.replace(/\D/g, '');
    } else if (/^\d+$/.test(integerText)) {
      integerDigits = integerText;
    } else {
      return { ok: false, reason: 'misplaced thousands separator' };
    }
  }
  integerDigits = integerDigits.replace(/^0+(?=\d)/, '');
  if (integerDigits.length > MAX_INTEGER_DIGITS) return { ok: false, reason: 'too large' };
  if (/[1-9]/.test(fraction.slice(2))) return { ok: false, reason: 'fractions of a cent' };
  const cents = Number(integerDigits) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return { ok: true, cents };
}

const DOT = 46;
const COMMA = 44;
const MINUS = 45;

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * The common shapes (`-1234,56`, `1.234,56`, `75`, `-0.18`) read by one scan, without the
 * general pattern; null sends anything else (and the ambiguous `1.234`) to the general path.
 */
function parsePlainAmount(text: string): number | null {
  const length = text.length;
  const start = text.charCodeAt(0) === MINUS ? 1 : 0;
  if (length === start || length > 24) return null;
  const beforeLast = text.charCodeAt(length - 2);
  const decimalAt =
    beforeLast === DOT || beforeLast === COMMA
      ? length - 2
      : text.charCodeAt(length - 3) === DOT || text.charCodeAt(length - 3) === COMMA
        ? length - 3
        : length;
  const integerEnd = Math.min(decimalAt, length);
  const decimalCode = decimalAt < length ? text.charCodeAt(decimalAt) : 0;
  let integer = 0;
  let digits = 0;
  let groupCode = 0;
  let run = 0;
  for (let index = start; index < integerEnd; index++) {
    const code = text.charCodeAt(index);
    if (isDigitCode(code)) {
      integer = integer * 10 + (code - 48);
      digits++;
      run++;
    } else if ((code === DOT || code === COMMA) && code !== decimalCode && run > 0) {
      if ((groupCode !== 0 && (code !== groupCode || run !== 3)) || (groupCode === 0 && run > 3))
        return null;
      groupCode = code;
      run = 0;
    } else {
      return null;
    }
  }
  if (digits === 0 || digits > MAX_INTEGER_DIGITS || (groupCode !== 0 && run !== 3)) return null;
  if (groupCode !== 0 && decimalAt === length) return null;
  let fraction = 0;
  for (let index = decimalAt + 1; index < length; index++) {
    const code = text.charCodeAt(index);
    if (!isDigitCode(code)) return null;
    fraction = fraction * 10 + (code - 48);
  }
  if (length - decimalAt === 2) fraction *= 10;
  const cents = integer * 100 + fraction;
  return start === 1 && cents !== 0 ? -cents : cents;
}

/**
 * Reads a money amount as banks write it — `1.234,56`, `-1,234.56`, `(12.00)`, `12,5`,
 * `12,00-`, `-50,00EUR`, `11'373.94`, `1 234,56 €`, `12.00 DR` — into signed integer cents.
 * `decimalSeparator` settles `1.234`/`1,234` (a thousand unless the statement uses that
 * character as its decimal separator).
 */
export function parseAmountText(text: string, decimalSeparator?: DecimalSeparator): AmountResult {
  const plain = parsePlainAmount(text);
  if (plain !== null) return { ok: true, cents: plain };
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  const matched = matchAmount(text);
  if (typeof matched === 'string') return { ok: false, reason: matched };
  const parsed = parseBody(matched.body, decimalSeparator);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    cents: matched.isNegative && parsed.cents !== 0 ? -parsed.cents : parsed.cents,
  };
}

/** A numeric spreadsheet cell in cents; refuses values that are not a whole number of cents. */
export function parseAmountNumber(value: number): AmountResult {
  if (!Number.isFinite(value)) return { ok: false, reason: 'not a number' };
  const scaled = value * 100;
  const cents = Math.round(scaled);
  if (Math.abs(scaled - cents) > 1e-6 + Math.abs(scaled) * 1e-12) {
    return { ok: false, reason: 'fractions of a cent' };
  }
  if (Math.abs(cents) >= 10 ** (MAX_INTEGER_DIGITS + 2)) return { ok: false, reason: 'too large' };
  return { ok: true, cents: cents === 0 ? 0 : cents };
}

export function parseAmountCell(
  cell: string | number,
  decimalSeparator?: DecimalSeparator,
): AmountResult {
  return typeof cell === 'number'
    ? parseAmountNumber(cell)
    : parseAmountText(cell, decimalSeparator);
}

/**
 * The decimal separator the amounts of a statement use, from the values that show it
 * (`12,50`, `1.234,56`); null when none does.
 */
export function detectDecimalSeparator(texts: Iterable<string>): DecimalSeparator | null {
  let commaVotes = 0;
  let dotVotes = 0;
  for (const text of texts) {
    if (commaVotes + dotVotes >= ENOUGH_VOTES) break;
    const matched = matchAmount(text);
    if (typeof matched === 'string') continue;
    const body = matched.body;
    const lastDot = body.lastIndexOf('.');
    const lastComma = body.lastIndexOf(',');
    if (lastDot >= 0 && lastComma >= 0) {
      if (lastDot > lastComma) dotVotes++;
      else commaVotes++;
      continue;
    }
    const separator = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (separator === null) continue;
    const index = body.indexOf(separator);
    if (index !== body.lastIndexOf(separator)) {
      if (separator === '.') commaVotes++;
      else dotVotes++;
    } else if (body.length - index - 1 !== 3) {
      if (separator === '.') dotVotes++;
      else commaVotes++;
    }
  }
  if (commaVotes === 0 && dotVotes === 0) return null;
  return commaVotes >= dotVotes ? ',' : '.';
}
