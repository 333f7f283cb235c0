import { isValidCardNumber, isValidIban } from '../detection/checksums.js';
import type { Label } from '../types.js';
import { MONTH_NAMES } from '../months.js';
import { shiftDates } from './shift-dates.js';

export const FEMALE_FIRST_NAMES = [
  'Maria',
  'Laura',
  'Elena',
  'Sofia',
  'Anna',
  'Clara',
  'Irene',
  'Nora',
  'Julia',
  'Eva',
];
export const MALE_FIRST_NAMES = [
  'Alex',
  'Daniel',
  'Peter',
  'Thomas',
  'Martin',
  'Lucas',
  'Hugo',
  'Oscar',
  'Victor',
  'Samuel',
];
const FIRST_NAMES = [...FEMALE_FIRST_NAMES, ...MALE_FIRST_NAMES];
const SURNAMES = [
  'Garner',
  'Molina',
  'Hartley',
  'Castell',
  'Brandt',
  'Novak',
  'Lindqvist',
  'Ferreira',
  'Okafor',
  'Rossi',
  'Keller',
  'Duval',
  'Marsh',
  'Navarro',
  'Petrov',
  'Quinn',
  'Varga',
  'Weller',
  'Yilmaz',
  'Zeller',
];
const ORGANISATIONS = [
  'Northwind Ltd',
  'Bluefield Holdings',
  'Corvan Industries',
  'Alder & Finch LLP',
  'Meridian Services S.A.',
  'Halden Logistics GmbH',
  'Sierra Consulting S.L.',
  'Oakridge Trust',
  'Brightwater Group',
  'Calder Foundation',
];
const PLACES = [
  'Eastbridge',
  'Valmora',
  'Kestrel Bay',
  'Port Alden',
  'Linwood',
  'Santa Irene',
  'Greyhaven',
  'Rivermouth',
  'Castelnou',
  'Ashford Vale',
];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('Cannot pick from an empty list.');
  return item;
}

/** Same layout, other characters: each digit a random digit, each letter a random letter. */
function reshape(value: string, random: Random): string {
  return value.replace(/\p{L}|\d/gu, (char) => {
    if (/\d/.test(char)) return String(Math.floor(random() * 10));
    if (!/[A-Za-z]/.test(char)) return char;
    const letter = LETTERS.charAt(Math.floor(random() * LETTERS.length));
    return char === char.toUpperCase() ? letter : letter.toLowerCase();
  });
}

function retry(generate: () => string, isValid: (value: string) => boolean): string {
  for (let attempt = 0; attempt < 200; attempt++) {
    const value = generate();
    if (isValid(value)) return value;
  }
  return generate();
}

function surrogateDate(value: string, random: Random): string {
  return value
    .replace(/\b(?:19|20)\d{2}\b/g, () => String(1950 + Math.floor(random() * 70)))
    .replace(/\b\d{1,2}\b/g, (day) =>
      String(1 + Math.floor(random() * 28)).padStart(day.length, '0'),
    )
    .replace(new RegExp(`\\b(?:${MONTH_NAMES.join('|')})\\b`, 'g'), () =>
      pick(random, MONTH_NAMES),
    );
}

/** A made-up name for a person: the whole name, and the surname for a shorter variant. */
export type PersonSurrogate = { full: string; surname: string };

export type Gender = 'female' | 'male';

/** A made-up name, with a first name of the gender a title gives ("Ms", "Mr"), if any. */
export function createPersonSurrogate(random: Random, gender?: Gender): PersonSurrogate {
  const surname = pick(random, SURNAMES);
  const firstNames =
    gender === 'female' ? FEMALE_FIRST_NAMES : gender === 'male' ? MALE_FIRST_NAMES : FIRST_NAMES;
  return { full: `${pick(random, firstNames)} ${surname}`, surname };
}

/**
 * A realistic value of the same kind, or undefined for kinds that have none (demographic
 * and miscellaneous attributes keep their placeholder).
 */
export function createSurrogate(options: {
  label: Label;
  value: string;
  random: Random;
  /** The document's date shift in days (pickDateShift). */
  dateShift: number;
}): string | undefined {
  const { label, value, random } = options;
  switch (label) {
    case 'PERSON':
      return createPersonSurrogate(random).full;
    case 'ORG':
      return pick(random, ORGANISATIONS);
    case 'LOC':
      return pick(random, PLACES);
    case 'DATETIME':
      return shiftDates(value, options.dateShift) ?? surrogateDate(value, random);
    case 'EMAIL':
      return `${pick(random, FIRST_NAMES).toLowerCase()}.${pick(random, SURNAMES).toLowerCase()}@example.com`;
    case 'URL':
      return `https://example.com/${reshape('xxxxxx', random).toLowerCase()}`;
    case 'IP_ADDRESS':
      // 192.0.2.0/24 is reserved for documentation (RFC 5737).
      return `192.0.2.${1 + Math.floor(random() * 254)}`;
    case 'IBAN':
      return retry(
        () => reshape(value, random).replace(/^[A-Z]{2}/, value.slice(0, 2)),
        isValidIban,
      );
    case 'CARD_NUMBER':
      return retry(() => reshape(value, random), isValidCardNumber);
    case 'BANK_ACCOUNT':
    case 'CODE':
    case 'PHONE': {
      // The country code or the national "0" stays: a number of the same country.
      const prefix = /^(?:\+\d{1,3}|0)/.exec(value)?.[0] ?? '';
      return prefix + reshape(value.slice(prefix.length), random);
    }
    case 'NATIONAL_ID':
    case 'PASSPORT':
    case 'LICENCE_PLATE':
    case 'QUANTITY':
      return reshape(value, random);
    case 'DEM':
    case 'MISC':
      return undefined;
  }
}
