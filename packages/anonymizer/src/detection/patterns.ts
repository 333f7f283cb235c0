import { MONTH_PATTERN } from '../months.js';
import type { Label, Span } from '../types.js';
import { isValidCardNumber, isValidCif, isValidDni, isValidIban, isValidNie } from './checksums.js';

type Recogniser = {
  label: Label;
  pattern: RegExp;
  confidence: number;
  /** The capture group that holds the finding, when the pattern also matches its cue. */
  group?: number;
  isValid?: (value: string) => boolean;
  /** What the text must hold for the pattern to be worth running: a quicker search. */
  needs?: RegExp;
};

const MONTH = `${MONTH_PATTERN}\\.?`;
const CURRENCY =
  '(?:[Ss]chillings?|EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN|TRY|RUB|ATS|DEM|FRF|ITL|ESP|euros?|dollars?|pounds(?: sterling)?|francs?|kronor|zlotys?|lire|liras?|roubles?|marks)';
const AMOUNT = '\\d{1,3}(?:[,.\\s]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?';

const IPV4_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

const RECOGNISERS: Recogniser[] = [
  {
    label: 'EMAIL',
    pattern:
      /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu,
    confidence: 0.99,
    needs: /@/,
  },
  {
    label: 'URL',
    pattern: /\b(?:https?:\/\/|www\.)[^\s<>"'“”]+[^\s<>"'“”.,;:!?)\]]/giu,
    confidence: 0.98,
    needs: /:\/\/|www\./i,
  },
  {
    label: 'IP_ADDRESS',
    pattern: new RegExp(`(?<![\\d.])${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}(?![\\d]|\\.\\d)`, 'g'),
    confidence: 0.95,
  },
  {
    label: 'IP_ADDRESS',
    pattern:
      /(?<![\w:])(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}(?![\w:])|(?<![\w:])(?:[0-9a-f]{1,4}:){1,6}:(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?(?![\w:])/gi,
    confidence: 0.9,
    isValid: (value) => /[0-9]/.test(value) && value.length > 6,
    needs: /[0-9a-f]:[0-9a-f]*:/i,
  },
  {
    label: 'IBAN',
    pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g,
    confidence: 0.99,
    isValid: isValidIban,
  },
  // A bank account by its cue: a UK sort code, an account or routing number.
  {
    label: 'BANK_ACCOUNT',
    pattern: /\bsort code:?\s*(\d{2}-\d{2}-\d{2})\b/gi,
    group: 1,
    confidence: 0.95,
  },
  {
    label: 'BANK_ACCOUNT',
    pattern:
      /\b(?:(?:bank )?account|acct\.?|routing)(?: number| no\.?)?:?\s*(\d(?:[ -]?\d){5,16})\b/gi,
    group: 1,
    confidence: 0.9,
  },
  {
    label: 'CARD_NUMBER',
    pattern: /\b\d(?:[ -]?\d){12,18}\b/g,
    confidence: 0.97,
    isValid: isValidCardNumber,
  },
  { label: 'NATIONAL_ID', pattern: /\b\d{8}-?[A-Z]\b/gi, confidence: 0.99, isValid: isValidDni },
  {
    label: 'NATIONAL_ID',
    pattern: /\b[XYZ]-?\d{7}-?[A-Z]\b/gi,
    confidence: 0.99,
    isValid: isValidNie,
  },
  {
    label: 'NATIONAL_ID',
    pattern: /\b[ABCDEFGHJNPQRSUVW]-?\d{7}-?[0-9A-J]\b/g,
    confidence: 0.97,
    isValid: isValidCif,
  },
  // United States social security number (no 000, 666 or 9xx area) and UK National Insurance number.
  {
    label: 'NATIONAL_ID',
    pattern: /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/g,
    confidence: 0.9,
  },
  {
    label: 'NATIONAL_ID',
    pattern:
      /\b(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g,
    confidence: 0.9,
  },
  {
    label: 'NATIONAL_ID',
    pattern:
      /\b(?:identity card|ID card|national identity|driver['’]?s licen[cs]e|driving licen[cs]e|DNI|NIE|NIF|ID)(?: number| no\.?)?(?:[:\s]+is)?[:\s]+([A-Z0-9][A-Z0-9-]{5,17})\b/gi,
    group: 1,
    confidence: 0.85,
    isValid: (value) => /\d/.test(value),
  },
  {
    label: 'PASSPORT',
    pattern:
      /\bpassport(?: number| no\.?)?[:\s]+(?:(?:is|was|number|no\.?)\s+)?([A-Z0-9]{6,10})\b/gi,
    group: 1,
    confidence: 0.9,
    isValid: (value) => /\d/.test(value),
  },
  {
    label: 'PHONE',
    pattern: /(?<![\w+])\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]?\d{2,4}){2,4}\b/g,
    confidence: 0.92,
  },
  {
    label: 'PHONE',
    pattern:
      /\b(?:tel(?:ephone)?|phone|mobile|fax|tlf)\.?(?: number| no\.?)?[:\s]+(\(?\d[\d ().-]{6,18}\d)/gi,
    group: 1,
    confidence: 0.9,
  },
  // National numbers: the United Kingdom's ("020 7946 0958", "0113 496 0123", "07700 900123")
  // and North America's ("(202) 555-0143", "202-555-0143").
  {
    label: 'PHONE',
    pattern: /(?<![\d+])0\d{2,4}[ -]?\d{3,4}[ -]?\d{3,4}(?!\d)/g,
    confidence: 0.85,
    isValid: (value) => /^\d{10,11}$/.test(value.replace(/[ -]/g, '')),
  },
  {
    label: 'PHONE',
    pattern: /(?<!\d)\(\d{3}\) ?\d{3}[-. ]\d{4}(?!\d)|(?<![\d-])\d{3}-\d{3}-\d{4}(?![\d-])/g,
    confidence: 0.85,
  },
  {
    label: 'LICENCE_PLATE',
    pattern: /\b\d{4}[ -]?[BCDFGHJKLMNPRSTVWXYZ]{3}\b/g,
    confidence: 0.85,
  },
  { label: 'LICENCE_PLATE', pattern: /\b[A-Z]{2}\d{2} ?[A-Z]{3}\b/g, confidence: 0.85 },
  {
    label: 'LICENCE_PLATE',
    pattern:
      /\b(?:registration|licen[cs]e|number) plate(?: number| no\.?)?[:\s]+([A-Z0-9][A-Z0-9 -]{3,9}[A-Z0-9])\b/gi,
    group: 1,
    confidence: 0.85,
  },
  // United States federal docket numbers: "1:21-cv-04567-ABC".
  {
    label: 'CODE',
    pattern: /\b\d{1,2}:\d{2}-[a-z]{2,3}-\d{3,6}(?:-[A-Z]{2,4})*\b/g,
    confidence: 0.95,
  },
  // Application and case numbers: "no. 19124/02", "E. 2001/123", "K. 2002/45".
  { label: 'CODE', pattern: /(?<![\d/])\d{1,6}\/\d{2,4}(?:\/\d{1,6})?(?![\d/])/g, confidence: 0.9 },
  {
    label: 'CODE',
    pattern:
      /\b(?:case|file|reference|ref\.|decision|judgment)(?: number| no\.?)[:\s]+([A-Z0-9][A-Z0-9./-]{2,20}[A-Z0-9])/gi,
    group: 1,
    confidence: 0.8,
    isValid: (value) => /\d/.test(value),
  },
  {
    label: 'DATETIME',
    pattern: new RegExp(
      `\\b(?:\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\s+\\d{4}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|${MONTH}\\s+\\d{4}|\\d{1,2}[./-]\\d{1,2}[./-](?:19|20)\\d{2}|(?:19|20)\\d{2}-\\d{2}-\\d{2})\\b`,
      'g',
    ),
    confidence: 0.95,
  },
  {
    label: 'DEM',
    pattern: /\b(?:aged \d{1,3}|\d{1,3}[- ]years?[- ]old|age of \d{1,3})\b/gi,
    confidence: 0.85,
  },
  {
    label: 'QUANTITY',
    pattern: new RegExp(
      `(?:\\b(?:approximately|about|around|some|over|nearly|almost)\\s)?(?:\\b${CURRENCY}\\s?(?:${AMOUNT})|[€$£]\\s?(?:${AMOUNT})|\\b(?:${AMOUNT})\\s?(?:(?:\\p{Lu}\\p{Ll}+\\s)?${CURRENCY}\\b|[€$£]))(?:\\s\\((?:${CURRENCY})\\))?`,
      'gu',
    ),
    confidence: 0.85,
  },
  { label: 'QUANTITY', pattern: /\b\d+(?:[.,]\d+)?\s?%/g, confidence: 0.7 },
];

/** Findings of the rule-based recognisers: codes with their checksums, dates, amounts. */
export function findPatterns(text: string): Span[] {
  const spans: Span[] = [];
  for (const { label, pattern, confidence, group, isValid, needs } of RECOGNISERS) {
    if (needs && !needs.test(text)) continue;
    for (const match of text.matchAll(pattern)) {
      const value = group === undefined ? match[0] : match[group];
      if (value === undefined) continue;
      if (isValid && !isValid(value)) continue;
      const start = match.index + (group === undefined ? 0 : match[0].lastIndexOf(value));
      spans.push({ start, end: start + value.length, label, confidence });
    }
  }
  return spans;
}
