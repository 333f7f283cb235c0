import { parseNumber, readColumnRole } from '../report/encode.js';
import { TableError, type ColumnSchema, type Table, type TableSchema } from '../table.js';
import type { BinnedFeatures } from './gradient-boosting.js';

/** Bins 1 to 255 hold values; bin 0 holds missing ones. */
const MAX_VALUE_BINS = 255;
/** Pseudo-rows of the overall positive rate in each category's rate (smooths rare categories). */
const CATEGORY_PRIOR_ROWS = 10;

export type FeatureEncoder = {
  features: string[];
  /** The table's feature columns cut into the training data's bins. */
  encode(table: Table): BinnedFeatures;
};

function readCells(table: Table, name: string): (string | null)[] {
  const index = table.columns.indexOf(name);
  if (index < 0) throw new TableError('noColumn', { column: name });
  return table.rows.map((row) => row[index] ?? null);
}

/** Number of sorted `cuts` strictly below `value`. */
function countBelow(cuts: Float64Array, value: number): number {
  let low = 0;
  let high = cuts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cuts[middle] ?? Infinity) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Upper edges of the value bins: every distinct value when few, else quantiles. */
function findCuts(values: number[]): Float64Array {
  const distinct = [...new Set(values.filter((value) => !Number.isNaN(value)))].sort(
    (a, b) => a - b,
  );
  if (distinct.length <= MAX_VALUE_BINS) return Float64Array.from(distinct.slice(0, -1));
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  const cuts = new Set<number>();
  for (let bin = 1; bin < MAX_VALUE_BINS; bin++) {
    cuts.add(sorted[Math.floor((bin * sorted.length) / MAX_VALUE_BINS)] ?? 0);
  }
  return Float64Array.from([...cuts].sort((a, b) => a - b));
}

/** Categories become numbers: their smoothed rate of the positive class in the training rows. */
function fitCategoryRates(
  cells: (string | null)[],
  labels: Uint8Array,
): (cell: string | null) => number {
  let positives = 0;
  const stats = new Map<string | null, { rows: number; positives: number }>();
  cells.forEach((cell, row) => {
    const entry = stats.get(cell) ?? { rows: 0, positives: 0 };
    entry.rows++;
    entry.positives += labels[row] ?? 0;
    positives += labels[row] ?? 0;
    stats.set(cell, entry);
  });
  const prior = positives / Math.max(1, cells.length);
  return (cell) => {
    const entry = stats.get(cell);
    if (!entry) return prior;
    return (entry.positives + CATEGORY_PRIOR_ROWS * prior) / (entry.rows + CATEGORY_PRIOR_ROWS);
  };
}

/**
 * Fits the features of a classifier on training rows: every compared column but the target
 * (numbers as they are, datetimes as instants, categories as their smoothed positive rate), cut
 * into bins of the training values.
 */
export function fitFeatureEncoder(options: {
  table: Table;
  schema: TableSchema;
  target: string;
  labels: Uint8Array;
}): FeatureEncoder {
  const { table, schema, target, labels } = options;
  const columns = schema.columns.filter(
    (column) => column.name !== target && readColumnRole(column, schema.primaryKey) !== 'skipped',
  );
  const readers = columns.map((column: ColumnSchema) => {
    const cells = readCells(table, column.name);
    const toNumber =
      column.kind === 'numerical' || column.kind === 'datetime'
        ? (cell: string | null) => parseNumber(cell, column)
        : fitCategoryRates(cells, labels);
    const cuts = findCuts(cells.map(toNumber));
    return (cell: string | null): number => {
      const value = toNumber(cell);
      return Number.isNaN(value) ? 0 : 1 + countBelow(cuts, value);
    };
  });
  return {
    features: columns.map((column) => column.name),
    encode(other) {
      const bins = columns.map((column, index) => {
        const read = readers[index] ?? (() => 0);
        return Uint8Array.from(readCells(other, column.name), read);
      });
      return { bins, rows: other.rows.length };
    },
  };
}
