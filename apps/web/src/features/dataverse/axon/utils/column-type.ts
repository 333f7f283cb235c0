import { INSTANCE_COLUMN_TYPES, type TInstanceColumnType } from '@app/contracts';
import type { TFunction } from 'i18next';

const KEYS: Record<TInstanceColumnType | 'empty', string> = {
  'numerical:integer': 'integer',
  'numerical:float': 'float',
  categorical: 'categorical',
  boolean: 'boolean',
  datetime: 'datetime',
  id: 'id',
  text: 'text',
  'pii:email': 'email',
  'pii:phone': 'phone',
  'pii:name': 'name',
  'pii:national-id': 'nationalId',
  'pii:iban': 'iban',
  'pii:address': 'address',
  empty: 'empty',
};

/** A type the seller may give a column in the review. */
export function isColumnType(type: string): type is TInstanceColumnType {
  return (INSTANCE_COLUMN_TYPES as readonly string[]).includes(type);
}

/** A column type in the user's language; one the web app does not know, as the server gave it. */
export function columnTypeText(t: TFunction, type: string): string {
  return type === 'empty' || isColumnType(type) ? t(`axon.columnType.${KEYS[type]}`) : type;
}
