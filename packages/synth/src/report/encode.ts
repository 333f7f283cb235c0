import type { ColumnSchema, Table, TableSchema } from '../table.js';
import { quantileSorted } from '../profiling/stats.js';

const QUANTILE_BINS = 10;

/** How the report reads a column: as numbers, as categories, or not at all (keys, free text). */
export type ColumnRole = 'numerical' | 'categorical' | 'skipped';

/**
 * One column of every table in a shared encoding. Categorical codes index `levels`, with 0 for a
 * missing value; numerical values are NaN where missing or unreadable, and also carry codes of
 * the real data's quantile bins (0 missing) for pairs with a categorical column.
 */
export type EncodedColumn = {
  name: string;
  role: ColumnRole;
  /** A numerical column of dates: its values are milliseconds since 1970 (UTC). */
  isDatetime: boolean;
  levels: number;
  categories: (string | null)[];
  binEdges: number[];
  values: Float64Array[];
  codes: Int32Array[];
};

/**
 * Keys and free text have no distribution to compare. A numerical column whose values merely
 * happen to be distinct (amounts, small samples) is still compared; a categorical one is not,
 * as every value would be its own category.
 */
export function readColumnRole(column: ColumnSchema, primaryKey: string | null): ColumnRole {
  if (column.kind === 'id' || column.kind === 'text' || column.name === primaryKey)
    return 'skipped';
  const isNumerical = column.kind === 'numerical' || column.kind === 'datetime';
  if (isNumerical) return 'numerical';
  return column.isUnique === true ? 'skipped' : 'categorical';
}

/** A cell as a number: numerical columns by `Number`, datetime columns by `Date.parse`. */
export function parseNumber(value: string | null, column: ColumnSchema): number {
  if (value === null) return NaN;
  const number = column.kind === 'datetime' ? Date.parse(value) : Number(value);
  return Number.isFinite(number) ? number : NaN;
}

function readCells(table: Table, name: string): (string | null)[] {
  const index = table.columns.indexOf(name);
  return table.rows.map((row) => row[index] ?? null);
}

function findBin(edges: number[], value: number): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((edges[middle] ?? Infinity) < value) low = middle + 1;
    else high = middle;
  }
  return low + 1;
}

function encodeNumerical(column: ColumnSchema, tables: Table[]): EncodedColumn {
  const values = tables.map(
    (table) =>
      new Float64Array(readCells(table, column.name).map((cell) => parseNumber(cell, column))),
  );
  const real = (values[0] ?? new Float64Array()).filter((value) => !Number.isNaN(value)).sort();
  const binEdges = [
    ...new Set(
      Array.from({ length: QUANTILE_BINS - 1 }, (_, index) =>
        quantileSorted(real, (index + 1) / QUANTILE_BINS),
      ),
    ),
  ];
  const codes = values.map((column) =>
    Int32Array.from(column, (value) => (Number.isNaN(value) ? 0 : findBin(binEdges, value))),
  );
  return {
    name: column.name,
    role: 'numerical',
    isDatetime: column.kind === 'datetime',
    levels: binEdges.length + 2,
    categories: [],
    binEdges,
    values,
    codes,
  };
}

function encodeCategorical(column: ColumnSchema, tables: Table[]): EncodedColumn {
  const dictionary = new Map<string | null, number>([[null, 0]]);
  const codes = tables.map((table) =>
    Int32Array.from(readCells(table, column.name), (cell) => {
      let code = dictionary.get(cell);
      if (code === undefined) {
        code = dictionary.size;
        dictionary.set(cell, code);
      }
      return code;
    }),
  );
  return {
    name: column.name,
    role: 'categorical',
    isDatetime: false,
    levels: dictionary.size,
    categories: [...dictionary.keys()],
    binEdges: [],
    values: [],
    codes,
  };
}

/** Encodes the schema's columns of `tables` (the real table first: it sets the quantile bins). */
export function encodeTables(schema: TableSchema, tables: Table[]): EncodedColumn[] {
  return schema.columns.map((column) => {
    const role = readColumnRole(column, schema.primaryKey);
    const encoded =
      role === 'numerical' ? encodeNumerical(column, tables) : encodeCategorical(column, tables);
    return { ...encoded, role };
  });
}
