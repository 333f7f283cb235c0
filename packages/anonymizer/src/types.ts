/** What a finding is. */
export const LABELS = [
  'PERSON',
  'ORG',
  'LOC',
  'DATETIME',
  'DEM',
  'QUANTITY',
  'MISC',
  'CODE',
  'EMAIL',
  'URL',
  'IP_ADDRESS',
  'PHONE',
  'IBAN',
  'CARD_NUMBER',
  'NATIONAL_ID',
  'PASSPORT',
  'LICENCE_PLATE',
] as const;

export type Label = (typeof LABELS)[number];

/** A finding: `text.slice(start, end)` is personal or identifying information. */
export type Span = {
  start: number;
  end: number;
  label: Label;
  /** Between 0 and 1: how sure the recogniser is. */
  confidence: number;
};
