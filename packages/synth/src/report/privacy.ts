import type { EncodedColumn } from './encode.js';
import { createRandom, sampleIndices } from '@app/engine-kit';
import { quantileSorted } from '../profiling/stats.js';

export type DistanceSummary = { median: number; p5: number };

export type Privacy = {
  /** Share of synthetic rows equal to some real row over the compared columns. */
  exactCopyShare: number;
  /** The same share for the holdout: what unseen real data scores by chance. */
  holdoutExactCopyShare: number | null;
  /** Distance to the closest real record (Gower-like, 0 to 1) of sampled rows. */
  dcr: {
    synthetic: DistanceSummary;
    holdout: DistanceSummary | null;
    sampleSize: number;
    referenceSize: number;
  };
};

const REAL = 0;

/** Rows of one table as a row-major matrix: scaled numbers or category codes, NaN for missing. */
type Matrix = { cells: Float64Array; rows: number; width: number };

function buildMatrix(options: { columns: EncodedColumn[]; table: number; rows: number[] }): Matrix {
  const { columns, table, rows } = options;
  const width = columns.length;
  const cells = new Float64Array(rows.length * width);
  columns.forEach((column, columnIndex) => {
    const values = column.values[table];
    const codes = column.codes[table];
    const real = column.values[REAL] ?? new Float64Array();
    let low = Infinity;
    let high = -Infinity;
    for (const value of real) {
      if (Number.isNaN(value)) continue;
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
    const range = high > low ? high - low : 1;
    rows.forEach((row, rowIndex) => {
      cells[rowIndex * width + columnIndex] =
        column.role === 'numerical'
          ? ((values?.[row] ?? NaN) - low) / range
          : (codes?.[row] ?? 0) === 0
            ? NaN
            : (codes?.[row] ?? 0);
    });
  });
  return { cells, rows: rows.length, width };
}

function measureClosest(options: {
  query: Matrix;
  reference: Matrix;
  numerical: boolean[];
}): number[] {
  const { query, reference, numerical } = options;
  const width = query.width;
  const distances: number[] = [];
  for (let q = 0; q < query.rows; q++) {
    let best = width;
    for (let r = 0; r < reference.rows && best > 0; r++) {
      let sum = 0;
      for (let c = 0; c < width && sum < best; c++) {
        const a = query.cells[q * width + c] ?? NaN;
        const b = reference.cells[r * width + c] ?? NaN;
        if (Number.isNaN(a) || Number.isNaN(b)) sum += Number.isNaN(a) === Number.isNaN(b) ? 0 : 1;
        else if (numerical[c] === true) sum += Math.min(1, Math.abs(a - b));
        else if (a !== b) sum += 1;
      }
      if (sum < best) best = sum;
    }
    distances.push(width === 0 ? 0 : best / width);
  }
  return distances;
}

function summarize(distances: number[]): DistanceSummary {
  const sorted = [...distances].sort((x, y) => x - y);
  return { median: quantileSorted(sorted, 0.5), p5: quantileSorted(sorted, 0.05) };
}

function countRows(columns: EncodedColumn[], table: number): number {
  const first = columns[0];
  if (first === undefined) return 0;
  return (first.role === 'numerical' ? first.values[table] : first.codes[table])?.length ?? 0;
}

/** The compared cells of one row as a string, equal for equal rows of any encoded table. */
function readRowKey(columns: EncodedColumn[], table: number): (row: number) => string {
  return (row) =>
    columns
      .map((column) =>
        column.role === 'numerical'
          ? String(column.values[table]?.[row] ?? NaN)
          : String(column.codes[table]?.[row] ?? 0),
      )
      .join('\u0000');
}

function shareCopies(options: {
  columns: EncodedColumn[];
  table: number;
  realKeys: Set<string>;
}): number {
  const { columns, table, realKeys } = options;
  const rowKey = readRowKey(columns, table);
  const rows = countRows(columns, table);
  if (rows === 0) return 0;
  let copies = 0;
  for (let row = 0; row < rows; row++) if (realKeys.has(rowKey(row))) copies++;
  return copies / rows;
}

/**
 * Exact copies and distance to closest record over the compared (non-key, non-text) columns of
 * tables encoded as [real, synthetic, holdout?]; distances on seeded samples of bounded size.
 */
export function measurePrivacy(options: {
  columns: EncodedColumn[];
  hasHoldout: boolean;
  sampleSize: number;
  referenceSize: number;
  seed: number;
}): Privacy {
  const { columns, hasHoldout } = options;
  const random = createRandom(options.seed);
  const realRows = countRows(columns, REAL);
  const realKeys = new Set<string>();
  const realKey = readRowKey(columns, REAL);
  for (let row = 0; row < realRows; row++) realKeys.add(realKey(row));
  const referenceRows = sampleIndices({ length: realRows, size: options.referenceSize, random });
  const reference = buildMatrix({ columns, table: REAL, rows: referenceRows });
  const numerical = columns.map((column) => column.role === 'numerical');
  const measure = (table: number): number[] => {
    const rows = sampleIndices({
      length: countRows(columns, table),
      size: options.sampleSize,
      random,
    });
    return measureClosest({ query: buildMatrix({ columns, table, rows }), reference, numerical });
  };
  const syntheticDistances = measure(1);
  return {
    exactCopyShare: shareCopies({ columns, table: 1, realKeys }),
    holdoutExactCopyShare: hasHoldout ? shareCopies({ columns, table: 2, realKeys }) : null,
    dcr: {
      synthetic: summarize(syntheticDistances),
      holdout: hasHoldout ? summarize(measure(2)) : null,
      sampleSize: syntheticDistances.length,
      referenceSize: referenceRows.length,
    },
  };
}
