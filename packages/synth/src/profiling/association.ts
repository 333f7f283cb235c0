import type { ColumnSchema, Table, TableSchema } from '../table.js';
import { encodeColumn, readColumn, type EncodedColumn } from './encode-column.js';
import { quantileSorted } from './stats.js';

/**
 * Association of every pair of numerical, categorical and boolean columns (identifiers, text,
 * PII, datetimes and empty columns are left out). Numerical pairs: Pearson correlation in
 * [-1, 1]; any other pair: Cramér's V in [0, 1], a numerical column first cut into quantile bins.
 * `null` where it is undefined (a constant column, fewer than two rows in common).
 */
export type AssociationMatrix = { columns: string[]; values: (number | null)[][] };

type Codes = { codes: Int32Array; levels: number };
type Encoded = { numbers: Float64Array | null; categories: Codes };

const MIXED_BINS = 10;

/** Pearson correlation over the positions where both values are present. */
export function pearson(
  xs: readonly (number | null)[],
  ys: readonly (number | null)[],
): number | null {
  const length = Math.min(xs.length, ys.length);
  const left = new Float64Array(length);
  const right = new Float64Array(length);
  for (let index = 0; index < length; index += 1) {
    left[index] = xs[index] ?? Number.NaN;
    right[index] = ys[index] ?? Number.NaN;
  }
  return pearsonArrays(left, right);
}

function pearsonArrays(xs: Float64Array, ys: Float64Array): number | null {
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  for (let index = 0; index < xs.length; index += 1) {
    const x = xs[index] ?? Number.NaN;
    const y = ys[index] ?? Number.NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    count += 1;
    sumX += x;
    sumY += y;
  }
  if (count < 2) return null;
  const meanX = sumX / count;
  const meanY = sumY / count;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let index = 0; index < xs.length; index += 1) {
    const x = xs[index] ?? Number.NaN;
    const y = ys[index] ?? Number.NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    covariance += (x - meanX) * (y - meanY);
    varianceX += (x - meanX) ** 2;
    varianceY += (y - meanY) ** 2;
  }
  if (varianceX === 0 || varianceY === 0) return null;
  return Math.max(-1, Math.min(1, covariance / Math.sqrt(varianceX * varianceY)));
}

function encodeCategories(values: readonly unknown[]): Codes {
  const levels = new Map<unknown, number>();
  const codes = new Int32Array(values.length);
  values.forEach((value, index) => {
    if (value === null || value === undefined) {
      codes[index] = -1;
      return;
    }
    let code = levels.get(value);
    if (code === undefined) {
      code = levels.size;
      levels.set(value, code);
    }
    codes[index] = code;
  });
  return { codes, levels: levels.size };
}

/** Cramér's V (without bias correction) over the positions where both values are present. */
export function cramersV(xs: readonly unknown[], ys: readonly unknown[]): number | null {
  const length = Math.min(xs.length, ys.length);
  return cramersVCodes(
    encodeCategories(xs.slice(0, length)),
    encodeCategories(ys.slice(0, length)),
  );
}

/** Beyond this many cells the contingency table is kept sparse (high-cardinality columns). */
const DENSE_CELLS = 1 << 20;

function countCells(xs: Codes, ys: Codes): { cells: Iterable<[number, number]>; total: number } {
  const isDense = xs.levels * ys.levels <= DENSE_CELLS;
  const dense = new Float64Array(isDense ? xs.levels * ys.levels : 0);
  const sparse = new Map<number, number>();
  let total = 0;
  for (let index = 0; index < xs.codes.length; index += 1) {
    const x = xs.codes[index] ?? -1;
    const y = ys.codes[index] ?? -1;
    if (x < 0 || y < 0) continue;
    const cell = x * ys.levels + y;
    if (isDense) dense[cell] = (dense[cell] ?? 0) + 1;
    else sparse.set(cell, (sparse.get(cell) ?? 0) + 1);
    total += 1;
  }
  return { cells: isDense ? dense.entries() : sparse.entries(), total };
}

function cramersVCodes(xs: Codes, ys: Codes): number | null {
  const { cells, total } = countCells(xs, ys);
  const observed: [number, number][] = [];
  const rowTotals = new Float64Array(xs.levels);
  const columnTotals = new Float64Array(ys.levels);
  for (const [cell, count] of cells) {
    if (count === 0) continue;
    observed.push([cell, count]);
    const x = Math.floor(cell / ys.levels);
    rowTotals[x] = (rowTotals[x] ?? 0) + count;
    columnTotals[cell % ys.levels] = (columnTotals[cell % ys.levels] ?? 0) + count;
  }
  const rows = rowTotals.filter((count) => count > 0).length;
  const columns = columnTotals.filter((count) => count > 0).length;
  const degrees = Math.min(rows - 1, columns - 1);
  if (total === 0 || degrees < 1) return null;
  // chi² = n (Σ o² / (row total × column total) − 1), a sum over the non-empty cells only.
  let sum = 0;
  for (const [cell, count] of observed) {
    const rowTotal = rowTotals[Math.floor(cell / ys.levels)] ?? 0;
    const columnTotal = columnTotals[cell % ys.levels] ?? 0;
    sum += (count * count) / (rowTotal * columnTotal);
  }
  const chiSquare = Math.max(0, total * (sum - 1));
  return Math.min(1, Math.sqrt(chiSquare / total / degrees));
}

/** Quantile bins of a numerical column, so it can meet a categorical one in a contingency table. */
function binNumbers(numbers: Float64Array): Codes {
  const sorted = numbers.filter((value) => !Number.isNaN(value)).sort();
  const cuts = [
    ...new Set(
      Array.from({ length: MIXED_BINS - 1 }, (_, index) =>
        quantileSorted(sorted, (index + 1) / MIXED_BINS),
      ),
    ),
  ];
  const codes = new Int32Array(numbers.length);
  numbers.forEach((value, index) => {
    if (Number.isNaN(value)) {
      codes[index] = -1;
      return;
    }
    let bin = 0;
    while (bin < cuts.length && value > (cuts[bin] ?? Number.POSITIVE_INFINITY)) bin += 1;
    codes[index] = bin;
  });
  return { codes, levels: cuts.length + 1 };
}

function toEncoded(encoded: EncodedColumn, isNumerical: boolean): Encoded {
  const categories = { codes: encoded.codes, levels: encoded.levels.length };
  if (!isNumerical) return { numbers: null, categories };
  const levelNumbers = Float64Array.from(encoded.levels, Number);
  const numbers = Float64Array.from(encoded.codes, (code) =>
    code < 0 ? Number.NaN : (levelNumbers[code] ?? Number.NaN),
  );
  return { numbers, categories: binNumbers(numbers) };
}

/** The matrix from columns already encoded (the profile reuses the encoding of type detection). */
export function associationMatrixOfEncoded(
  columns: { schema: ColumnSchema; encoded: EncodedColumn }[],
): AssociationMatrix {
  const included = columns.filter(
    ({ schema, encoded }) =>
      encoded.levels.length > 0 &&
      schema.pii == null &&
      (schema.kind === 'numerical' || schema.kind === 'categorical' || schema.kind === 'boolean'),
  );
  const encoded = included.map((column) =>
    toEncoded(column.encoded, column.schema.kind === 'numerical'),
  );
  const values = encoded.map(() => encoded.map((): number | null => null));
  encoded.forEach((left, i) => {
    encoded.forEach((right, j) => {
      if (j < i) return;
      const value =
        left.numbers && right.numbers
          ? pearsonArrays(left.numbers, right.numbers)
          : cramersVCodes(left.categories, right.categories);
      const row = values[i];
      const mirror = values[j];
      if (row) row[j] = value;
      if (mirror) mirror[i] = value;
    });
  });
  return { columns: included.map((column) => column.schema.name), values };
}

export function associationMatrix(table: Table, schema: TableSchema): AssociationMatrix {
  return associationMatrixOfEncoded(
    schema.columns.map((column) => ({
      schema: column,
      encoded: encodeColumn(readColumn(table.rows, table.columns.indexOf(column.name))),
    })),
  );
}
