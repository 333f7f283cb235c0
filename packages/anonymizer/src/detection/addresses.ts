import type { Span } from '../types.js';
import { LINE_SPACE } from './pattern-parts.js';

const NAME = "\\p{Lu}[\\p{L}'’-]*";
const PARTICLE = "(?:de|del|la|las|los|el|d[’'])";

const STREET_TYPES = [
  'Street',
  'St',
  'Road',
  'Rd',
  'Avenue',
  'Ave',
  'Lane',
  'Way',
  'Place',
  'Square',
  'Drive',
  'Crescent',
  'Close',
  'Gardens',
  'Terrace',
  'Boulevard',
  'Blvd',
  'Row',
  'Parade',
  'Mews',
  'Walk',
].join('|');

/** United States postal abbreviations of the states and of Washington DC. */
const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';

const ADDRESS_PATTERNS: readonly RegExp[] = [
  // "10 Fleet Street", "221B Baker St"
  new RegExp(
    `\\b\\d{1,5}[A-Za-z]?,?${LINE_SPACE}+(?:${NAME}${LINE_SPACE}+){1,4}(?:${STREET_TYPES})\\b`,
    'gu',
  ),
  // "Calle Mayor 15, 3º B", "Avenida de la Constitución, nº 4", "C/ Alcalá 20"
  new RegExp(
    `(?:\\b(?:Calle|Avenida|Avda\\.|Plaza|Paseo|Camino|Carretera|Ronda|Travesía|Carrer|Passeig|Rúa|Rua)|C\\/)${LINE_SPACE}*(?:${PARTICLE}${LINE_SPACE}+)*${NAME}(?:${LINE_SPACE}+(?:${PARTICLE}${LINE_SPACE}+)*${NAME})*(?:,?${LINE_SPACE}+(?:n[º°o]\\.?${LINE_SPACE}*)?\\d{1,4}(?:${LINE_SPACE}?[A-Z]\\b|[a-z]\\b)?(?:,${LINE_SPACE}*\\d{1,2}[º°ª](?:${LINE_SPACE}?[A-Z\\d]\\b)?)?)?`,
    'gu',
  ),
  // "Hauptstraße 5", "Lindenallee 12a"
  /\b\p{Lu}[\p{L}-]*(?:straße|strasse|weg|platz|allee|gasse|ring)[^\S\n]+\d{1,4}[a-z]?\b/gu,
  // United Kingdom postcodes: "EC4Y 1AA", "M2 4WU"
  /\b(?:[A-Z]{1,2}\d[A-Z\d]?|GIR) ?\d[ABD-HJLNP-UW-Z]{2}\b/g,
  // United States: "NY 10001", "CA 94105-1234"
  new RegExp(`\\b(?:${US_STATES}),?${LINE_SPACE}+\\d{5}(?:-\\d{4})?\\b`, 'g'),
  // Five-digit postcodes before their town (Spain, France, Germany, Italy): "28013 Madrid";
  // Polish ones: "00-950 Warszawa"
  new RegExp(
    `\\b(?:\\d{5}|\\d{2}-\\d{3})${LINE_SPACE}+${NAME}(?:${LINE_SPACE}+(?:${PARTICLE}${LINE_SPACE}+)?${NAME})?`,
    'gu',
  ),
];

/**
 * Postal addresses by their form: a number and a street type, a Spanish or German street with
 * its number, postcodes of the United Kingdom and the United States, and a five-digit
 * postcode with its town. The tagger finds the towns and streets named in other ways.
 */
export function findAddresses(text: string): Span[] {
  return ADDRESS_PATTERNS.flatMap((pattern) =>
    Array.from(text.matchAll(pattern), (match) => ({
      start: match.index,
      end: match.index + match[0].length,
      label: 'LOC' as const,
      confidence: 0.95,
    })),
  );
}
