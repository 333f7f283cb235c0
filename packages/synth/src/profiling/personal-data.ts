import type { PiiKind } from '../table.js';
import type { EncodedColumn } from './encode-column.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]+$/;
const PHONE_NAME = /phone|mobile/i;
const DNI = /^(\d{8})[\s-]?([A-Z])$/i;
const NIE = /^([XYZ])[\s-]?(\d{7})[\s-]?([A-Z])$/i;
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
/** A capitalised word of a name: letters, with an inner apostrophe, hyphen or dot (O'Neill, Jean-Luc, J.). */
const NAME_WORD = /^\p{Lu}[\p{L}]*(?:['’.-]\p{L}*)*\.?$/u;
/** The lower-case particles of names: María de la Cruz, Ludwig van Beethoven. */
const NAME_PARTICLES = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'y',
  'i',
  'van',
  'von',
  'der',
  'da',
  'di',
  'du',
  'le',
  'dos',
  'das',
]);
const STREET_WORDS = new Set([
  'street',
  'st',
  'avenue',
  'ave',
  'av',
  'road',
  'rd',
  'lane',
  'ln',
  'drive',
  'dr',
  'boulevard',
  'blvd',
  'way',
  'court',
  'ct',
  'place',
  'pl',
  'square',
  'sq',
  'terrace',
  'crescent',
  'close',
  'highway',
  'hwy',
  'calle',
  'c',
  'cl',
  'avenida',
  'avda',
  'paseo',
  'pº',
  'plaza',
  'pza',
  'camino',
  'carretera',
  'ctra',
  'ronda',
  'travesía',
  'travesia',
  'glorieta',
  'urbanización',
  'urbanizacion',
  'urb',
  'passeig',
  'carrer',
  'rúa',
  'rua',
  'pasaje',
  'vía',
  'via',
]);
/**
 * Common given names (English and Spanish): a column named only `name` or `nombre` holds
 * people when some of its values start with one, not products or places.
 */
const GIVEN_NAMES = new Set(
  (
    'james john robert michael william david richard joseph thomas charles christopher daniel ' +
    'matthew anthony mark donald steven paul andrew joshua kenneth kevin brian george timothy ' +
    'ronald edward jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin ' +
    'scott brandon benjamin samuel frank gregory raymond alexander patrick jack dennis peter ' +
    'mary patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty ' +
    'margaret sandra ashley kimberly emily donna michelle carol amanda melissa deborah ' +
    'stephanie rebecca sharon laura cynthia kathleen amy angela anna emma olivia sophia ' +
    'antonio manuel jose josé francisco juan javier jesús jesus carlos alejandro miguel rafael ' +
    'pedro pablo ángel angel fernando luis sergio jorge alberto álvaro alvaro diego adrián ' +
    'adrian raúl raul enrique ramón ramon vicente andrés andres joaquín joaquin iván ivan ' +
    'rubén ruben óscar oscar santiago hugo mario lucas martín martin marcos gonzalo ignacio ' +
    'maría maria carmen josefa isabel dolores pilar teresa ana lucía lucia cristina marta ' +
    'francisca antonia mercedes rosa elena paula raquel manuela rocío rocio beatriz sara ' +
    'concepción concepcion julia irene andrea silvia nuria patricia alba sofía sofia inés ' +
    'ines claudia natalia eva lorena noelia marina montserrat victoria'
  ).split(' '),
);
const PERSON_NAME_HINTS = [
  'firstname',
  'lastname',
  'surname',
  'surnames',
  'fullname',
  'givenname',
  'familyname',
  'middlename',
  'maidenname',
  'forename',
  'apellido',
  'apellidos',
  'nombrecompleto',
  'nombrepila',
  'primerapellido',
  'segundoapellido',
];
/** Whose name a column holds when it says so: `customer_name`, `nombre_cliente`. */
const PERSON_WORDS = new Set([
  'customer',
  'client',
  'person',
  'employee',
  'patient',
  'contact',
  'owner',
  'holder',
  'member',
  'student',
  'guest',
  'passenger',
  'buyer',
  'seller',
  'driver',
  'author',
  'manager',
  'cliente',
  'persona',
  'empleado',
  'empleada',
  'paciente',
  'contacto',
  'titular',
  'socio',
  'alumno',
  'alumna',
  'huesped',
  'huésped',
  'pasajero',
  'comprador',
  'vendedor',
  'conductor',
  'autor',
  'responsable',
  'trabajador',
]);
const ADDRESS_HINTS = [
  'address',
  'addr',
  'street',
  'streetaddress',
  'addressline',
  'direccion',
  'dirección',
  'domicilio',
  'calle',
  'direccionpostal',
  'domiciliofiscal',
  'direccionfiscal',
  'residence',
  'residencia',
];

/** Share of values that must fit: one typo should not hide personal data. */
const PII_SHARE = 0.95;
/** Names and addresses are written more freely: a looser share, with the column's name as a hint. */
const HINTED_SHARE = 0.9;
/** A column named only `name` or `nombre`: the share of values starting with a given name. */
const GIVEN_NAME_SHARE = 0.3;

/** The column name's words, lower case: `customerFirstName` → customer first name. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\d]+/u)
    .filter((word) => word !== '');
}

/** Whether some run of the name's words, joined, is one of `hints`. */
function hasHint(words: string[], hints: readonly string[]): boolean {
  for (let start = 0; start < words.length; start++) {
    let joined = '';
    for (let end = start; end < words.length; end++) {
      joined += words[end] ?? '';
      if (hints.includes(joined)) return true;
    }
  }
  return false;
}

type NameHint = 'person' | 'bare' | null;

function personNameHint(words: string[]): NameHint {
  if (hasHint(words, PERSON_NAME_HINTS)) return 'person';
  const isName = (word: string) => word === 'name' || word === 'nombre';
  if (!words.some(isName)) return null;
  if (words.some((word) => PERSON_WORDS.has(word))) return 'person';
  return words.every(isName) ? 'bare' : null;
}

function shareMatching(
  encoded: EncodedColumn,
  present: number,
  test: (value: string) => boolean,
): number {
  let matching = 0;
  encoded.levels.forEach((value, index) => {
    if (test(value)) matching += encoded.counts[index] ?? 0;
  });
  return matching / present;
}

/** Bare digit strings count only in a column named like a phone; elsewhere they are numbers. */
function isPhone(value: string, isPhoneName: boolean): boolean {
  if (!PHONE.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  const isWritten = isPhoneName || value.startsWith('+') || /[\s().-]/.test(value);
  return digits >= 7 && digits <= 15 && isWritten;
}

/** A Spanish DNI (8 digits) or NIE (X, Y or Z and 7 digits) whose check letter is right. */
export function isSpanishId(value: string): boolean {
  const dni = DNI.exec(value);
  const nie = dni ? null : NIE.exec(value);
  let number: number;
  let letter: string;
  if (dni) {
    number = Number(dni[1]);
    letter = dni[2] ?? '';
  } else if (nie) {
    number = Number(`${String('XYZ'.indexOf((nie[1] ?? '').toUpperCase()))}${nie[2] ?? ''}`);
    letter = nie[3] ?? '';
  } else {
    return false;
  }
  return DNI_LETTERS[number % 23] === letter.toUpperCase();
}

/** An IBAN (spaces allowed) whose ISO 7064 mod-97 check is right. */
export function isIban(value: string): boolean {
  const compact = value.replace(/\s/g, '').toUpperCase();
  if (!IBAN.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** One to five capitalised words without digits, particles allowed between them. */
function isPersonName(value: string): boolean {
  const words = value.trim().split(/\s+/);
  if (words.length > 5) return false;
  const named = words.filter((word) => !NAME_PARTICLES.has(word));
  return named.length > 0 && named.length <= 4 && named.every((word) => NAME_WORD.test(word));
}

function startsWithGivenName(value: string): boolean {
  const first =
    value
      .trim()
      .split(/[\s,]+/)[0]
      ?.toLowerCase() ?? '';
  return GIVEN_NAMES.has(first);
}

/** A house number and a street word among other words: `Calle Mayor 12, 3º B`, `221B Baker St`. */
function isStreetAddress(value: string): boolean {
  if (!/\d/.test(value) || !/\p{L}{2}/u.test(value)) return false;
  const words = value
    .toLowerCase()
    .split(/[\s,.;/]+/)
    .filter((word) => word !== '');
  return words.length >= 2 && words.some((word) => STREET_WORDS.has(word));
}

/**
 * The kind of personal data a text column holds, or null: e-mails and phones by their shape,
 * DNI/NIE and IBAN by their check characters, person names and street addresses by the
 * column's name (English or Spanish) together with the values' shape.
 */
export function detectPersonalData(
  name: string,
  encoded: EncodedColumn,
  present: number,
): PiiKind | null {
  const share = (test: (value: string) => boolean) => shareMatching(encoded, present, test);
  if (share((value) => EMAIL.test(value)) >= PII_SHARE) return 'email';
  if (share((value) => isPhone(value, PHONE_NAME.test(name))) >= PII_SHARE) return 'phone';
  if (share(isSpanishId) >= PII_SHARE) return 'national-id';
  if (share(isIban) >= PII_SHARE) return 'iban';
  const words = nameWords(name);
  if (hasHint(words, ADDRESS_HINTS) && share(isStreetAddress) >= HINTED_SHARE) return 'address';
  const nameHint = personNameHint(words);
  if (nameHint !== null && share(isPersonName) >= HINTED_SHARE) {
    if (nameHint === 'person' || share(startsWithGivenName) >= GIVEN_NAME_SHARE) return 'name';
  }
  return null;
}
