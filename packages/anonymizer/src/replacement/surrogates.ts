import { isValidCardNumber, isValidIban } from '../detection/checksums.js';
import type { Label } from '../types.js';

const FIRST_NAMES = [
  'Alex',
  'Maria',
  'Daniel',
  'Laura',
  'Peter',
  'Elena',
  'Thomas',
  'Sofia',
  'Martin',
  'Anna',
  'Lucas',
  'Clara',
  'Hugo',
  'Irene',
  'Oscar',
  'Nora',
  'Victor',
  'Julia',
  'Samuel',
  'Eva',
];
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
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
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
    .replace(new RegExp(`\\b(?:${MONTHS.join('|')})\\b`, 'g'), () => pick(random, MONTHS));
}

/** A made-up name for a person: the whole name, and the surname for a shorter variant. */
export type PersonSurrogate = { full: string; surname: string };

export function createPersonSurrogate(random: Random): PersonSurrogate {
  const surname = pick(random, SURNAMES);
  return { full: `${pick(random, FIRST_NAMES)} ${surname}`, surname };
}

/**
 * A realistic value of the same kind, or undefined for kinds that have none (demographic
 * and miscellaneous attributes keep their placeholder).
 */
export function createSurrogate(options: {
  label: Label;
  value: string;
  random: Random;
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
      return surrogateDate(value, random);
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
    case 'NATIONAL_ID':
    case 'PASSPORT':
    case 'PHONE':
    case 'LICENCE_PLATE':
    case 'QUANTITY':
      return reshape(value, random);
    case 'DEM':
    case 'MISC':
      return undefined;
  }
}
