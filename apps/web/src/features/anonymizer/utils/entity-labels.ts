import type { TFunction } from 'i18next';

/** The anonymizer's labels, in the order the insights list them when counts tie. */
export const ENTITY_LABELS = [
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
  'BANK_ACCOUNT',
  'CARD_NUMBER',
  'NATIONAL_ID',
  'PASSPORT',
  'LICENCE_PLATE',
] as const;
export type EntityLabel = (typeof ENTITY_LABELS)[number];

function isEntityLabel(label: string): label is EntityLabel {
  return (ENTITY_LABELS as readonly string[]).includes(label);
}

/** A label's name in the user's language; a label this page does not know yet, as it is. */
export function entityLabelName(t: TFunction, label: string): string {
  return isEntityLabel(label) ? t(`anonymizer.labels.${label}`) : label;
}
