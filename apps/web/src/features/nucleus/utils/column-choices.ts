import { PERSONAL_DATA_KINDS, type TPersonalDataKind } from '@app/contracts';
import type { TFunction } from 'i18next';
import {
  SINTEZA_COLUMN_KINDS,
  type TColumnChoice,
  type TColumnProfile,
} from '@app/contracts/nucleus';

export type ColumnKind = (typeof SINTEZA_COLUMN_KINDS)[number];
export type ColumnAction = TColumnChoice['action'];
/** A column's setting on the form: its action and a type override ('' keeps the profiled one). */
export type ColumnSetting = { action: ColumnAction; type: ColumnKind | '' };

export function isColumnKind(value: string): value is ColumnKind {
  return (SINTEZA_COLUMN_KINDS as readonly string[]).includes(value);
}

/** Every column kept as profiled. */
export function initialSettings(columns: TColumnProfile[]): Record<string, ColumnSetting> {
  return Object.fromEntries(columns.map((column) => [column.name, { action: 'keep', type: '' }]));
}

/** Only the columns the user changed travel: the server keeps the others as profiled. */
export function toColumnChoices(settings: Record<string, ColumnSetting>): TColumnChoice[] {
  return Object.entries(settings)
    .filter(([, setting]) => setting.action !== 'keep' || setting.type !== '')
    .map(([name, setting]) => ({
      name,
      action: setting.action,
      ...(setting.type === '' ? {} : { type: setting.type }),
    }));
}

/** The i18n key of each kind of personal data, under `nucleus.detected` and `nucleus.profile.personalKinds`. */
const PERSONAL_DATA_KEYS: Record<TPersonalDataKind, string> = {
  email: 'email',
  phone: 'phone',
  name: 'name',
  'national-id': 'nationalId',
  iban: 'iban',
  address: 'address',
};

function isPersonalDataKind(value: string): value is TPersonalDataKind {
  return (PERSONAL_DATA_KINDS as readonly string[]).includes(value);
}

/** The kind of personal data a column holds in the user's language; an unknown one as it is. */
export function personalDataText(t: TFunction, kind: string): string {
  return isPersonalDataKind(kind)
    ? t(`nucleus.profile.personalKinds.${PERSONAL_DATA_KEYS[kind]}`)
    : kind;
}

/**
 * The engine's detected type (`numerical:integer`, `pii:email`, `categorical`…) in the user's
 * language; an unknown one as it is.
 */
export function detectedTypeText(t: TFunction, type: string): string {
  const personal = type.startsWith('pii:') ? type.slice(4) : '';
  if (isPersonalDataKind(personal)) return t(`nucleus.detected.${PERSONAL_DATA_KEYS[personal]}`);
  switch (type) {
    case 'numerical:integer':
      return t('nucleus.detected.integer');
    case 'numerical:float':
      return t('nucleus.detected.float');
    case 'empty':
      return t('nucleus.detected.empty');
    default:
      return isColumnKind(type) ? t(`nucleus.kinds.${type}`) : type;
  }
}
