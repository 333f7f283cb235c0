import { TableError, type ColumnSchema, type Table, type TableSchema } from '../table.js';
import { fitMarginal, type Marginal } from './marginals.js';
import type { Random } from '../random.js';
import type { SyntheticValue } from './synthesizer.js';

/** A column drawn from a distribution through a probability (the copula's or an independent one). */
export type MarginalColumn = {
  type: 'marginal';
  name: string;
  /** Numerical columns: rate at which a synthetic value is left missing (categorical keep missing as a category). */
  missingRate: number;
  /** Probability of every real row (`null` where missing), ties spread at random. */
  encode(random: Random): (number | null)[];
  decode(probability: number): SyntheticValue;
  /** Categorical columns: the same column with its categories ordered by their mean of a per-row score (NaN ignored). */
  reorder?: (score: Float64Array) => MarginalColumn;
  describe: string;
};

/** A column generated apart from the others: keys get fresh unique values, personal data synthetic ones. */
export type GeneratedColumn = {
  type: 'generated';
  name: string;
  createGenerator(random: Random): (rowNumber: number) => SyntheticValue;
  describe: string;
};

export type ColumnModel = MarginalColumn | GeneratedColumn;

export type MarginalOptions = { mode: 'auto' | 'empirical'; maxKsDistance: number };

const MILLISECONDS_PER_DAY = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DECIMALS = 12;

/** Numerical cells as numbers, datetime cells as epoch milliseconds; `null` where missing. */
export function readNumbers(column: ColumnSchema, cells: (string | null)[]): (number | null)[] {
  return cells.map((cell, index) => {
    if (cell === null) return null;
    const value = column.kind === 'datetime' ? Date.parse(cell) : Number(cell);
    if (!Number.isFinite(value)) {
      throw new TableError(
        `Column "${column.name}" row ${index + 2}: "${cell}" is not a ${column.kind} value.`,
      );
    }
    return value;
  });
}

/** Most decimals written in the real values, so synthetic values keep their precision. */
function countDecimals(cells: (string | null)[]): number {
  let decimals = 0;
  for (const cell of cells) {
    const match = cell === null ? null : /\.(\d+)$/.exec(cell);
    if (match?.[1]) decimals = Math.max(decimals, match[1].length);
  }
  return Math.min(MAX_DECIMALS, decimals);
}

function fitNumerical(options: {
  column: ColumnSchema;
  cells: (string | null)[];
  marginal: MarginalOptions;
}): MarginalColumn {
  const { column, cells } = options;
  const numbers = readNumbers(column, cells);
  const present = Float64Array.from(numbers.filter((value): value is number => value !== null));
  if (present.length === 0) {
    return {
      type: 'marginal',
      name: column.name,
      missingRate: 1,
      encode: () => numbers,
      decode: () => null,
      describe: 'all missing',
    };
  }
  const isDatetime = column.kind === 'datetime';
  const dateOnly =
    isDatetime &&
    (column.datetimeFormat === 'yyyy-MM-dd' ||
      cells.every((cell) => cell === null || DATE_ONLY.test(cell)));
  const isInteger = column.isInteger ?? present.every((value) => Number.isInteger(value));
  const fitted: Marginal = fitMarginal({ values: present, ...options.marginal });
  const scale = 10 ** countDecimals(cells);
  const decodeNumber = (probability: number): number => {
    const value = fitted.fromProbability(probability);
    if (dateOnly) return Math.round(value / MILLISECONDS_PER_DAY) * MILLISECONDS_PER_DAY;
    if (isDatetime || isInteger) return Math.round(value);
    return Math.round(value * scale) / scale;
  };
  return {
    type: 'marginal',
    name: column.name,
    missingRate: 1 - present.length / numbers.length,
    encode: (random) =>
      numbers.map((value) => (value === null ? null : fitted.toProbability(value, random))),
    decode: isDatetime
      ? (probability) => {
          const iso = new Date(decodeNumber(probability)).toISOString();
          return dateOnly ? iso.slice(0, 10) : iso;
        }
      : decodeNumber,
    describe:
      fitted.name === 'empirical'
        ? 'empirical'
        : `${fitted.name} (KS ${fitted.ksDistance.toFixed(4)})`,
  };
}

/**
 * Categories laid on (0, 1) as intervals as wide as their share; missing is a category. They are
 * ordered by frequency, or by a per-row score (mean score per category) when the copula asks for it.
 */
function fitCategorical(options: {
  column: ColumnSchema;
  cells: (string | null)[];
  score?: Float64Array;
}): MarginalColumn {
  const { column, cells, score } = options;
  const stats = new Map<string | null, { count: number; sum: number; scored: number }>();
  cells.forEach((cell, index) => {
    const entry = stats.get(cell) ?? { count: 0, sum: 0, scored: 0 };
    entry.count++;
    const value = score?.[index] ?? Number.NaN;
    if (!Number.isNaN(value)) {
      entry.sum += value;
      entry.scored++;
    }
    stats.set(cell, entry);
  });
  const meanScore = (entry: { sum: number; scored: number }): number =>
    entry.scored > 0 ? entry.sum / entry.scored : 0;
  const ordered = [...stats.entries()].sort((a, b) =>
    score ? meanScore(a[1]) - meanScore(b[1]) : b[1].count - a[1].count,
  );
  const categories = ordered.map(([category]) => category);
  const upper = new Float64Array(ordered.length);
  const starts = new Map<string | null, { start: number; width: number }>();
  let cumulative = 0;
  ordered.forEach(([category, { count }], index) => {
    starts.set(category, { start: cumulative / cells.length, width: count / cells.length });
    cumulative += count;
    upper[index] = cumulative / cells.length;
  });
  return {
    type: 'marginal',
    name: column.name,
    missingRate: 0,
    encode: (random) =>
      cells.map((cell) => {
        const interval = starts.get(cell) ?? { start: 0, width: 0 };
        return interval.start + random.uniform() * interval.width;
      }),
    decode(probability) {
      let low = 0;
      let high = upper.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((upper[middle] ?? 1) <= probability) low = middle + 1;
        else high = middle;
      }
      return categories[low] ?? null;
    },
    reorder: (nextScore) => fitCategorical({ column, cells, score: nextScore }),
    describe: `categorical (${String(categories.length)} values ordered by ${score ? 'partner score' : 'frequency'})`,
  };
}

function fitKey(column: ColumnSchema, cells: (string | null)[]): GeneratedColumn {
  const present = cells.filter((cell): cell is string => cell !== null);
  const allIntegers = present.length > 0 && present.every((cell) => /^-?\d+$/.test(cell));
  if (allIntegers) {
    const max = present.reduce((best, cell) => Math.max(best, Number(cell)), 0);
    return {
      type: 'generated',
      name: column.name,
      createGenerator: () => (rowNumber) => max + 1 + rowNumber,
      describe: 'fresh integer keys above the real maximum',
    };
  }
  let prefix = 'syn-';
  while (present.some((cell) => cell.startsWith(prefix))) prefix = `x${prefix}`;
  return {
    type: 'generated',
    name: column.name,
    createGenerator: () => (rowNumber) => `${prefix}${String(rowNumber + 1).padStart(6, '0')}`,
    describe: `fresh keys "${prefix}…"`,
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** A template without letters or digits cannot be reshaped into a new value; such a cell is left missing. */
const MAX_RESHAPE_ATTEMPTS = 100;

/** Keeps the shape of a real value: every letter becomes a random letter, every digit a random digit. */
function reshape(template: string, random: Random): string {
  let result = '';
  for (let i = 0; i < template.length; i++) {
    const char = template.charAt(i);
    if (/\d/.test(char)) result += String(Math.floor(random.uniform() * 10));
    else if (/[a-z]/i.test(char)) {
      const letter = LETTERS.charAt(Math.floor(random.uniform() * 26));
      result += char === char.toUpperCase() ? letter.toUpperCase() : letter;
    } else result += char;
  }
  return result;
}

function fitPii(column: ColumnSchema, cells: (string | null)[]): GeneratedColumn {
  const present = cells.filter((cell): cell is string => cell !== null);
  const real = new Set(present);
  const missingRate = 1 - present.length / Math.max(1, cells.length);
  const isEmail = column.pii === 'email';
  return {
    type: 'generated',
    name: column.name,
    createGenerator: (random) => (rowNumber) => {
      if (present.length === 0 || random.uniform() < missingRate) return null;
      const template = present[Math.floor(random.uniform() * present.length)] ?? '';
      if (isEmail) {
        const at = template.indexOf('@');
        const local = reshape(at < 0 ? template : template.slice(0, at), random);
        return `${local}.${String(rowNumber + 1)}@example.com`;
      }
      for (let attempt = 0; attempt < MAX_RESHAPE_ATTEMPTS; attempt++) {
        const candidate = reshape(template, random);
        if (!real.has(candidate)) return candidate;
      }
      return null;
    },
    describe: `synthetic ${column.pii ?? 'personal'} values of the real shape`,
  };
}

/** Keys get fresh unique values and personal data synthetic ones; `null` for any other column. */
export function fitGeneratedColumn(options: {
  column: ColumnSchema;
  cells: (string | null)[];
  primaryKey: string | null;
}): GeneratedColumn | null {
  const { column, cells } = options;
  if (column.pii) return fitPii(column, cells);
  if (column.kind === 'id' || column.isUnique === true || options.primaryKey === column.name)
    return fitKey(column, cells);
  return null;
}

/** The schema of every column of the table, in the table's order. */
export function findColumnSchemas(table: Table, schema: TableSchema): ColumnSchema[] {
  return table.columns.map((name) => {
    const column = schema.columns.find((candidate) => candidate.name === name);
    if (!column) throw new TableError(`The schema has no column "${name}".`);
    return column;
  });
}

/** Models every column of the table as its schema says. */
export function fitColumnModels(options: {
  table: Table;
  schema: TableSchema;
  marginal: MarginalOptions;
}): ColumnModel[] {
  const { table, schema } = options;
  return findColumnSchemas(table, schema).map((column, index) => {
    const cells = table.rows.map((row) => row[index] ?? null);
    const generated = fitGeneratedColumn({ column, cells, primaryKey: schema.primaryKey });
    if (generated) return generated;
    if (column.kind === 'numerical' || column.kind === 'datetime') {
      return fitNumerical({ column, cells, marginal: options.marginal });
    }
    return fitCategorical({ column, cells });
  });
}
