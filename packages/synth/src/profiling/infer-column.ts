import type { ColumnSchema, PiiKind } from '../table.js';
import { detectDatetimeFormat } from './datetime-format.js';
import { encodeColumn, type EncodedColumn } from './encode-column.js';
import { detectPersonalData } from './personal-data.js';

export type DetectedType =
  | 'numerical:integer'
  | 'numerical:float'
  | 'categorical'
  | 'boolean'
  | 'datetime'
  | 'id'
  | 'text'
  | `pii:${PiiKind}`
  | 'empty';

export type ColumnDetection = {
  type: DetectedType;
  schema: ColumnSchema;
  encoded: EncodedColumn;
};

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const INTEGER = /^[-+]?\d+$/;
const LEADING_ZERO = /^[-+]?0\d/;
const ID_NAME = /^(id|key|uuid|guid)$|[_\s.-](id|key|uuid)$|^(id|key)[_\s.-]/i;
const ID_NAME_CAMEL = /[a-z]I[dD]$/;
const CODE_NAME = /zip|postal|postcode|phone|mobile|iban/i;
const BOOLEAN_PAIRS = [
  ['true', 'false'],
  ['yes', 'no'],
  ['y', 'n'],
  ['t', 'f'],
];
/** Below this many rows, distinct values alone do not make an identifier. */
const MIN_ROWS_FOR_UNNAMED_ID = 20;

function isIdName(name: string): boolean {
  return ID_NAME.test(name) || ID_NAME_CAMEL.test(name);
}

function isBooleanSet(distinct: string[]): boolean {
  if (distinct.length === 2 && distinct.includes('0') && distinct.includes('1')) return true;
  const lower = distinct.map((value) => value.toLowerCase());
  return BOOLEAN_PAIRS.some((pair) => lower.every((value) => pair.includes(value)));
}

function isConsecutive(distinct: string[]): boolean {
  const sorted = distinct.map(Number).sort((a, b) => a - b);
  return sorted.every((value, index) => index === 0 || value - (sorted[index - 1] ?? 0) === 1);
}

function looksLikeText(distinct: string[]): boolean {
  let words = 0;
  let length = 0;
  for (const value of distinct) {
    words += value.split(/\s+/).length;
    length += value.length;
  }
  return words / distinct.length >= 4 || length / distinct.length > 40;
}

type Detected = { type: DetectedType; datetimeFormat?: string; pii?: PiiKind };

function detectType(name: string, encoded: EncodedColumn, present: number): Detected {
  if (present === 0) return { type: 'empty' };
  const distinct = encoded.levels;
  const allDistinct = distinct.length === present;
  const canBeUnnamedId = allDistinct && present >= MIN_ROWS_FOR_UNNAMED_ID;
  if (isBooleanSet(distinct)) return { type: 'boolean' };
  const isNumeric = distinct.every((value) => NUMBER.test(value));
  const hasLeadingZero = distinct.some((value) => LEADING_ZERO.test(value) && !value.includes('.'));
  if (isNumeric && !hasLeadingZero && !CODE_NAME.test(name)) {
    const isInteger = distinct.every((value) => INTEGER.test(value));
    if (!isInteger) return { type: 'numerical:float' };
    if (allDistinct && (isIdName(name) || (canBeUnnamedId && isConsecutive(distinct))))
      return { type: 'id' };
    return { type: 'numerical:integer' };
  }
  const datetimeFormat = isNumeric ? null : detectDatetimeFormat(distinct);
  if (datetimeFormat !== null) return { type: 'datetime', datetimeFormat };
  const pii = detectPersonalData(name, encoded, present);
  if (pii !== null) return { type: `pii:${pii}`, pii };
  if (looksLikeText(distinct)) return { type: 'text' };
  if (allDistinct && (isIdName(name) || canBeUnnamedId)) return { type: 'id' };
  return { type: 'categorical' };
}

function toSchema(name: string, { type, datetimeFormat, pii }: Detected): ColumnSchema {
  const base = { name, pii: null };
  switch (type) {
    case 'numerical:integer':
    case 'numerical:float':
      return { ...base, kind: 'numerical', isInteger: type === 'numerical:integer' };
    case 'datetime':
      return { ...base, kind: 'datetime', datetimeFormat };
    case 'empty':
      return { ...base, kind: 'categorical' };
    case 'boolean':
    case 'categorical':
    case 'id':
    case 'text':
      return { ...base, kind: type };
    default:
      return { ...base, kind: 'text', pii: pii ?? null };
  }
}

/** Detects a column's type and returns its schema together with the encoding it was read from. */
export function detectColumn(name: string, encoded: EncodedColumn): ColumnDetection {
  const present = encoded.codes.length - encoded.missing;
  const detected = detectType(name, encoded, present);
  const isUnique = encoded.missing === 0 && present > 0 && encoded.levels.length === present;
  return { type: detected.type, schema: { ...toSchema(name, detected), isUnique }, encoded };
}

/** The schema of one column from its cells (`null` = missing). */
export function inferColumnSchema(name: string, values: readonly (string | null)[]): ColumnSchema {
  return detectColumn(name, encodeColumn(values)).schema;
}
