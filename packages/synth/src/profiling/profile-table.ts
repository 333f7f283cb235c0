import type { ColumnSchema, Table, TableSchema } from '../table.js';
import { associationMatrixOfEncoded, type AssociationMatrix } from './association.js';
import { parseDatetime } from './datetime-format.js';
import { encodeColumn, readColumn, type EncodedColumn } from './encode-column.js';
import {
  detectColumn,
  inferColumnSchema,
  type ColumnDetection,
  type DetectedType,
} from './infer-column.js';
import {
  buildHistogram,
  describeSorted,
  topCategories,
  type CategoryCount,
  type HistogramBin,
  type NumericStats,
} from './stats.js';

export type DatetimeStats = { min: string; max: string };

export type ColumnProfile = {
  name: string;
  type: DetectedType;
  missing: number;
  unique: number;
  /** Numerical columns. */
  stats?: NumericStats;
  /** Datetime columns: earliest and latest as ISO 8601 (UTC). */
  range?: DatetimeStats;
  /** Numerical columns over values; datetime columns over epoch milliseconds. */
  histogram?: HistogramBin[];
  /** Every other kind of column: its most frequent values. */
  topCategories?: CategoryCount[];
};

export type TableProfile = {
  rowCount: number;
  /** Rows the types, quantiles, histograms and associations were found on, when a sample of a large file. */
  sampledRows?: number;
  /** Rows that are not exact duplicates of an earlier one (streamed profiles; estimated past the exact distinct limit). */
  distinctRows?: number;
  columnCount: number;
  columns: ColumnProfile[];
  associations: AssociationMatrix;
  schema: TableSchema;
  warnings: string[];
};

const TOP_CATEGORIES = 10;

function sortedNumbers(encoded: EncodedColumn, toNumber: (value: string) => number): Float64Array {
  const numbers = new Float64Array(encoded.codes.length - encoded.missing);
  let offset = 0;
  encoded.levels.forEach((value, index) => {
    const count = encoded.counts[index] ?? 0;
    numbers.fill(toNumber(value), offset, offset + count);
    offset += count;
  });
  return numbers.sort();
}

function profileColumn(detection: ColumnDetection): ColumnProfile {
  const { schema, type, encoded } = detection;
  const base = { name: schema.name, type, missing: encoded.missing, unique: encoded.levels.length };
  if (type === 'empty') return base;
  if (schema.kind === 'numerical') {
    const sorted = sortedNumbers(encoded, Number);
    return {
      ...base,
      stats: describeSorted(sorted),
      histogram: buildHistogram(sorted, schema.isInteger === true),
    };
  }
  if (schema.kind === 'datetime' && schema.datetimeFormat) {
    const format = schema.datetimeFormat;
    const sorted = sortedNumbers(encoded, (value) => parseDatetime(value, format) ?? Number.NaN);
    return {
      ...base,
      range: {
        min: new Date(sorted[0] ?? Number.NaN).toISOString(),
        max: new Date(sorted[sorted.length - 1] ?? Number.NaN).toISOString(),
      },
      histogram: buildHistogram(sorted, false),
    };
  }
  return { ...base, topCategories: topCategories(encoded, TOP_CATEGORIES) };
}

/** A key column: an identifier with every row filled and distinct. */
function findPrimaryKey(columns: ColumnSchema[]): string | null {
  return columns.find((column) => column.kind === 'id' && column.isUnique === true)?.name ?? null;
}

/** The schema alone, for a caller that needs no statistics (the synthesize and report CLIs). */
export function inferTableSchema(table: Table): TableSchema {
  const columns = table.columns.map((name, index) =>
    inferColumnSchema(name, readColumn(table.rows, index)),
  );
  return { columns, primaryKey: findPrimaryKey(columns) };
}

export function profileTable(table: Table): TableProfile {
  const detections = table.columns.map((name, index) =>
    detectColumn(name, encodeColumn(readColumn(table.rows, index))),
  );
  const columns = detections.map((detection) => detection.schema);
  const schema: TableSchema = { columns, primaryKey: findPrimaryKey(columns) };
  const warnings = detections
    .filter((detection) => detection.type === 'empty')
    .map((detection) => `Column "${detection.schema.name}" has no values (every cell is empty).`);
  return {
    rowCount: table.rows.length,
    columnCount: table.columns.length,
    columns: detections.map(profileColumn),
    associations: associationMatrixOfEncoded(detections),
    schema,
    warnings,
  };
}
