/** The entity types the tagger learnt from the TAB annotations. */
export const TAGGER_TYPES = [
  'PERSON',
  'ORG',
  'LOC',
  'DATETIME',
  'DEM',
  'QUANTITY',
  'MISC',
  'CODE',
] as const;

/** The kinds the rules find exactly, by their form and checksums. */
export const EXACT_LABELS = [
  'EMAIL',
  'URL',
  'IP_ADDRESS',
  'PHONE',
  'IBAN',
  'BANK_ACCOUNT',
  'CARD_NUMBER',
  'NATIONAL_ID',
  'PASSPORT',
  'LICENCE_PLATE',
] as const;

/** What a finding is. */
export const LABELS = [...TAGGER_TYPES, ...EXACT_LABELS] as const;

export type Label = (typeof LABELS)[number];

/** A finding: `text.slice(start, end)` is personal or identifying information. */
export type Span = {
  start: number;
  end: number;
  label: Label;
  /** Between 0 and 1: how sure the recogniser is. */
  confidence: number;
};
