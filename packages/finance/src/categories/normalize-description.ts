/**
 * A bank description reduced to upper-case ASCII letters, digits and single spaces, as
 * character codes (the categoriser scans a hundred thousand of these a second).
 */
export type NormalizedDescription = {
  /** Words separated by one space, with one space at each end: ` COMPRA EN MERCADONA `. */
  spaced: Uint8Array;
  /** The same letters and digits without any space; bank exports cut words at fixed widths. */
  squashed: Uint8Array;
  /**
   * Per character of `squashed`: `WORD_START` and/or `WORD_END` bits. Besides spaces, a
   * change between letters and digits (`PARKING14`) or from lower to upper case
   * (`SpotifyES`) also separates words here.
   */
  boundaries: Uint8Array;
};

export const WORD_START = 1;
export const WORD_END = 2;

const SEPARATOR = 32;
const DROPPED = 0;
const TABLE_SIZE = 0x250;
const RIGHT_SINGLE_QUOTE = 0x2019;
/** Bank descriptions are short; text past this length is ignored. */
const MAX_LENGTH = 1000;

const KIND_OTHER = 0;
const KIND_LOWER = 1;
const KIND_UPPER = 2;
const KIND_DIGIT = 3;

/** Latin letters (accents removed) and digits map to themselves upper-cased; `'` and `&` join. */
const CHARACTER_TABLE = new Uint8Array(TABLE_SIZE).fill(SEPARATOR);
const KIND_TABLE = new Uint8Array(TABLE_SIZE).fill(KIND_OTHER);

for (let code = 0; code < TABLE_SIZE; code++) {
  const character = String.fromCharCode(code);
  const base = character.normalize('NFD').charAt(0).toUpperCase();
  const baseCode = base.charCodeAt(0);
  const isLetter = baseCode >= 65 && baseCode <= 90;
  const isDigit = baseCode >= 48 && baseCode <= 57;
  if (base.length !== 1 || (!isLetter && !isDigit)) continue;
  CHARACTER_TABLE[code] = baseCode;
  if (isDigit) KIND_TABLE[code] = KIND_DIGIT;
  else KIND_TABLE[code] = character === character.toUpperCase() ? KIND_UPPER : KIND_LOWER;
}
CHARACTER_TABLE["'".charCodeAt(0)] = DROPPED;
CHARACTER_TABLE['&'.charCodeAt(0)] = DROPPED;

function mapCharacter(code: number): number {
  if (code < TABLE_SIZE) return CHARACTER_TABLE[code] ?? SEPARATOR;
  return code === RIGHT_SINGLE_QUOTE ? DROPPED : SEPARATOR;
}

function isWordChange(previousKind: number, kind: number): boolean {
  if (previousKind === KIND_OTHER) return true;
  if ((previousKind === KIND_DIGIT) !== (kind === KIND_DIGIT)) return true;
  return previousKind === KIND_LOWER && kind === KIND_UPPER;
}

function markWordEnd(buffer: Uint8Array, position: number, firstPosition: number): void {
  if (position >= firstPosition) buffer[position] = (buffer[position] ?? 0) | WORD_END;
}

export function normalizeDescription(description: string): NormalizedDescription {
  const length = Math.min(description.length, MAX_LENGTH);
  // One allocation for the three views: spaced (≤ length + 2), squashed and boundaries.
  const buffer = new Uint8Array(3 * length + 2);
  const squashedStart = length + 2;
  const boundariesStart = 2 * length + 2;
  buffer[0] = SEPARATOR;
  let spacedLength = 1;
  let squashedLength = 0;
  let previousKind = KIND_OTHER;
  for (let index = 0; index < length; index++) {
    const code = description.charCodeAt(index);
    const mapped = mapCharacter(code);
    if (mapped === DROPPED) continue;
    if (mapped === SEPARATOR) {
      if (buffer[spacedLength - 1] !== SEPARATOR) buffer[spacedLength++] = SEPARATOR;
      previousKind = KIND_OTHER;
      continue;
    }
    const kind = KIND_TABLE[code] ?? KIND_OTHER;
    if (isWordChange(previousKind, kind)) {
      buffer[boundariesStart + squashedLength] = WORD_START;
      markWordEnd(buffer, boundariesStart + squashedLength - 1, boundariesStart);
    }
    previousKind = kind;
    buffer[spacedLength++] = mapped;
    buffer[squashedStart + squashedLength++] = mapped;
  }
  if (buffer[spacedLength - 1] !== SEPARATOR) buffer[spacedLength++] = SEPARATOR;
  markWordEnd(buffer, boundariesStart + squashedLength - 1, boundariesStart);
  return {
    spaced: buffer.subarray(0, spacedLength),
    squashed: buffer.subarray(squashedStart, squashedStart + squashedLength),
    boundaries: buffer.subarray(boundariesStart, boundariesStart + squashedLength),
  };
}

const ASCII = new TextDecoder('latin1');

/** The characters of `spaced` or `squashed` as a string. */
export function decodeText(codes: Uint8Array): string {
  return ASCII.decode(codes);
}

/** The words of a normalised description, in order. */
export function readWords(text: NormalizedDescription): string[] {
  if (text.spaced.length <= 2) return [];
  return decodeText(text.spaced.subarray(1, text.spaced.length - 1)).split(' ');
}
