import type { Random } from './random.js';

/** Letters count as 10..35 in IBAN and RIB arithmetic. */
function lettersToDigits(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
}

/** The remainder of a long decimal string by 97, digit by digit (no BigInt needed). */
function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

/** ISO 13616 check digits: 98 minus the remainder of BBAN + country + "00". */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  const check = 98 - mod97(lettersToDigits(`${bban}${countryCode}00`));
  return String(check).padStart(2, '0');
}

export function buildIban(countryCode: string, bban: string): string {
  return `${countryCode}${ibanCheckDigits(countryCode, bban)}${bban}`;
}

/** Groups of four, the way statements print an IBAN. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

function digits(random: Random, count: number): string {
  let text = '';
  for (let index = 0; index < count; index++) text += String(random.integer(0, 9));
  return text;
}

/** The Spanish "dígito de control" of one half of a CCC. */
function spanishControlDigit(tenDigits: string): string {
  const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  let sum = 0;
  for (let index = 0; index < tenDigits.length; index++) {
    sum += Number(tenDigits[index]) * (weights[index] ?? 0);
  }
  const control = 11 - (sum % 11);
  return String(control === 11 ? 0 : control === 10 ? 1 : control);
}

function spanishBban(bankId: string, random: Random): string {
  const branch = digits(random, 4);
  const account = digits(random, 10);
  const control = spanishControlDigit(`00${bankId}${branch}`) + spanishControlDigit(account);
  return `${bankId}${branch}${control}${account}`;
}

function frenchBban(bankId: string, random: Random): string {
  const branch = digits(random, 5);
  const account = digits(random, 11);
  const key = 97 - mod97(`${bankId}${branch}${account}00`);
  return `${bankId}${branch}${account}${String(key).padStart(2, '0')}`;
}

function belgianBban(bankId: string, random: Random): string {
  const base = `${bankId}${digits(random, 7)}`;
  const check = mod97(base) || 97;
  return `${base}${String(check).padStart(2, '0')}`;
}

function portugueseBban(bankId: string, random: Random): string {
  const base = `${bankId}${digits(random, 15)}`;
  const check = 98 - mod97(`${base}00`);
  return `${base}${String(check).padStart(2, '0')}`;
}

const ITALIAN_ODD_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

/** The Italian CIN: a letter over ABI, CAB and account, odd positions through a table. */
function italianCin(text: string): string {
  let sum = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const value = code <= 57 ? code - 48 : code - 65;
    sum += index % 2 === 0 ? (ITALIAN_ODD_VALUES[value] ?? 0) : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

function italianBban(bankId: string, random: Random): string {
  const rest = `${bankId}${digits(random, 5)}${digits(random, 12)}`;
  return `${italianCin(rest)}${rest}`;
}

/** Length of the random account part after the bank identifier, per country. */
const PLAIN_ACCOUNT_DIGITS: Record<string, number> = { DE: 10, NL: 10, AT: 11, LT: 11, IE: 8 };

/**
 * A BBAN in the country's national format, with its national check digits where the country
 * has them (Spain, France, Belgium, Portugal, Italy), so IBAN validators accept it.
 */
export function generateBban(countryCode: string, bankId: string, random: Random): string {
  switch (countryCode) {
    case 'ES':
      return spanishBban(bankId, random);
    case 'FR':
      return frenchBban(bankId, random);
    case 'BE':
      return belgianBban(bankId, random);
    case 'PT':
      return portugueseBban(bankId, random);
    case 'IT':
      return italianBban(bankId, random);
    default:
      return `${bankId}${digits(random, PLAIN_ACCOUNT_DIGITS[countryCode] ?? 10)}`;
  }
}
