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

/**
 * The engine's detected type (`numerical:integer`, `pii:email`, `categorical`…) in the user's
 * language; an unknown one as it is.
 */
export function detectedTypeText(t: TFunction, type: string): string {
  switch (type) {
    case 'numerical:integer':
      return t('nucleus.detected.integer');
    case 'numerical:float':
      return t('nucleus.detected.float');
    case 'pii:email':
      return t('nucleus.detected.email');
    case 'pii:phone':
      return t('nucleus.detected.phone');
    case 'empty':
      return t('nucleus.detected.empty');
    default:
      return isColumnKind(type) ? t(`nucleus.kinds.${type}`) : type;
  }
}
