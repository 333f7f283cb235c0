import {
  TableError,
  type ColumnSchema,
  type PiiKind,
  type Table,
  type TableSchema,
} from '../table.js';
import { buildMarginal, fitMarginal, type MarginalSpec } from './marginals.js';
import type { Random } from '@app/engine-kit';
import type { SyntheticValue } from './synthesizer.js';

/**
 * What a fitted column is made of, as plain data (it is stored in a model). Numerical and
 * datetime values are written as `output` says: whole days, ISO timestamps, whole numbers, or
 * numbers rounded to `1 / scale`.
 */
export type MarginalColumnSpec =
  | {
      type: 'numerical';
      name: string;
      missingRate: number;
      marginal: MarginalSpec;
      output: 'date' | 'datetime' | 'integer' | 'decimal';
      scale: number;
    }
  | { type: 'all-missing'; name: string }
  | {
      type: 'categorical';
      name: string;
      categories: (string | null)[];
      upper: number[];
      describe: string;
    };

export type GeneratedColumnSpec =
  | { type: 'integer-key'; name: string; start: number }
  | { type: 'text-key'; name: string; prefix: string }
  | {
      type: 'personal-data';
      name: string;
      pii: PiiKind | null;
      missingRate: number;
      /** The distinct shapes of the real values (letters a/A, digits 9) and how often each occurs. */
      shapes: string[];
      counts: number[];
      /** FNV-1a hashes of the real values: a synthetic value with one of them is drawn again. */
      realHashes: number[];
    };

export type ColumnSpec = MarginalColumnSpec | GeneratedColumnSpec;

/** A column drawn from a distribution through a probability (the copula's or an independent one). */
export type MarginalColumn = {
  type: 'marginal';
  name: string;
  /** Numerical columns: rate at which a synthetic value is left missing (categorical keep missing as a category). */
  missingRate: number;
  decode(probability: number): SyntheticValue;
  describe: string;
  spec: MarginalColumnSpec;
};

/** A marginal column as fitted: it can also encode the real rows, and a categorical one be reordered. */
export type FittedMarginalColumn = MarginalColumn & {
  /** Probability of every real row (`null` where missing), ties spread at random. */
  encode(random: Random): (number | null)[];
  /** Categorical columns: the same column with its categories ordered by their mean of a per-row score (NaN ignored). */
  reorder?: (score: Float64Array) => FittedMarginalColumn;
};

/** A column generated apart from the others: keys get fresh unique values, personal data synthetic ones. */
export type GeneratedColumn = {
  type: 'generated';
  name: string;
  createGenerator(random: Random): (rowNumber: number) => SyntheticValue;
  describe: string;
  spec: GeneratedColumnSpec;
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
      const code = column.kind === 'datetime' ? 'notADate' : 'notANumber';
      throw new TableError(code, { column: column.name, row: index + 2, value: cell });
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
}): FittedMarginalColumn {
  const { column, cells } = options;
  const numbers = readNumbers(column, cells);
  const present = Float64Array.from(numbers.filter((value): value is number => value !== null));
  if (present.length === 0) {
    return {
      ...buildMarginalColumn({ type: 'all-missing', name: column.name }),
      encode: () => numbers,
    };
  }
  const isDatetime = column.kind === 'datetime';
  const dateOnly =
    isDatetime &&
    (column.datetimeFormat === 'yyyy-MM-dd' ||
      cells.every((cell) => cell === null || DATE_ONLY.test(cell)));
  const isInteger = column.isInteger ?? present.every((value) => Number.isInteger(value));
  const fitted = fitMarginal({ values: present, ...options.marginal });
  const output = dateOnly ? 'date' : isDatetime ? 'datetime' : isInteger ? 'integer' : 'decimal';
  const built = buildMarginalColumn({
    type: 'numerical',
    name: column.name,
    missingRate: 1 - present.length / numbers.length,
    marginal: fitted.spec,
    output,
    scale: 10 ** countDecimals(cells),
  });
  return {
    ...built,
    encode: (random) =>
      numbers.map((value) => (value === null ? null : fitted.toProbability(value, random))),
  };
}

/** The index of the first of the ascending `upper` bounds above `probability`. */
export function findInterval(upper: ArrayLike<number>, probability: number): number {
  let low = 0;
  let high = upper.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((upper[middle] ?? 1) <= probability) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The column a marginal spec describes (as fitted, or read back from a stored model). */
export function buildMarginalColumn(spec: MarginalColumnSpec): MarginalColumn {
  const base = { type: 'marginal' as const, name: spec.name, spec };
  if (spec.type === 'all-missing') {
    return { ...base, missingRate: 1, decode: () => null, describe: 'all missing' };
  }
  if (spec.type === 'categorical') {
    const upper = Float64Array.from(spec.upper);
    return {
      ...base,
      missingRate: 0,
      decode: (probability) => spec.categories[findInterval(upper, probability)] ?? null,
      describe: spec.describe,
    };
  }
  const fitted = buildMarginal(spec.marginal);
  const { output, scale } = spec;
  const decodeNumber = (probability: number): number => {
    const value = fitted.fromProbability(probability);
    if (output === 'date') return Math.round(value / MILLISECONDS_PER_DAY) * MILLISECONDS_PER_DAY;
    if (output === 'datetime' || output === 'integer') return Math.round(value);
    return Math.round(value * scale) / scale;
  };
  return {
    ...base,
    missingRate: spec.missingRate,
    decode:
      output === 'date' || output === 'datetime'
        ? (probability) => {
            const iso = new Date(decodeNumber(probability)).toISOString();
            return output === 'date' ? iso.slice(0, 10) : iso;
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
}): FittedMarginalColumn {
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
  const upper: number[] = [];
  const starts = new Map<string | null, { start: number; width: number }>();
  let cumulative = 0;
  ordered.forEach(([category, { count }]) => {
    starts.set(category, { start: cumulative / cells.length, width: count / cells.length });
    cumulative += count;
    upper.push(cumulative / cells.length);
  });
  const built = buildMarginalColumn({
    type: 'categorical',
    name: column.name,
    categories,
    upper,
    describe: `categorical (${String(categories.length)} values ordered by ${score ? 'partner score' : 'frequency'})`,
  });
  return {
    ...built,
    encode: (random) =>
      cells.map((cell) => {
        const interval = starts.get(cell) ?? { start: 0, width: 0 };
        return interval.start + random.uniform() * interval.width;
      }),
    reorder: (nextScore) => fitCategorical({ column, cells, score: nextScore }),
  };
}

function fitKey(column: ColumnSchema, cells: (string | null)[]): GeneratedColumn {
  const present = cells.filter((cell): cell is string => cell !== null);
  const allIntegers = present.length > 0 && present.every((cell) => /^-?\d+$/.test(cell));
  if (allIntegers) {
    const max = present.reduce((best, cell) => Math.max(best, Number(cell)), 0);
    return buildGeneratedColumn({ type: 'integer-key', name: column.name, start: max + 1 });
  }
  let prefix = 'syn-';
  while (present.some((cell) => cell.startsWith(prefix))) prefix = `x${prefix}`;
  return buildGeneratedColumn({ type: 'text-key', name: column.name, prefix });
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

/** The shape of a value: every letter a or A, every digit 9 (all `reshape` looks at). */
function toShape(value: string): string {
  return value.replace(/\d/g, '9').replace(/[a-z]/g, 'a').replace(/[A-Z]/g, 'A');
}

/** FNV-1a of a text, 32 bits: a real value is known by it without being kept. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function fitPii(column: ColumnSchema, cells: (string | null)[]): GeneratedColumn {
  const present = cells.filter((cell): cell is string => cell !== null);
  const shapes = new Map<string, number>();
  for (const cell of present) {
    const shape = toShape(cell);
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  return buildGeneratedColumn({
    type: 'personal-data',
    name: column.name,
    pii: column.pii ?? null,
    missingRate: 1 - present.length / Math.max(1, cells.length),
    shapes: [...shapes.keys()],
    counts: [...shapes.values()],
    realHashes: [...new Set(present.map(hashText))],
  });
}

/** The column a generated spec describes (as fitted, or read back from a stored model). */
export function buildGeneratedColumn(spec: GeneratedColumnSpec): GeneratedColumn {
  const base = { type: 'generated' as const, name: spec.name, spec };
  if (spec.type === 'integer-key') {
    const { start } = spec;
    return {
      ...base,
      createGenerator: () => (rowNumber) => start + rowNumber,
      describe: 'fresh integer keys above the real maximum',
    };
  }
  if (spec.type === 'text-key') {
    const { prefix } = spec;
    return {
      ...base,
      createGenerator: () => (rowNumber) => `${prefix}${String(rowNumber + 1).padStart(6, '0')}`,
      describe: `fresh keys "${prefix}…"`,
    };
  }
  const { shapes, missingRate } = spec;
  const upper = Float64Array.from(cumulate(spec.counts));
  const total = upper[upper.length - 1] ?? 0;
  const real = new Set(spec.realHashes);
  const isEmail = spec.pii === 'email';
  return {
    ...base,
    createGenerator: (random) => (rowNumber) => {
      if (total === 0 || random.uniform() < missingRate) return null;
      const template = shapes[findInterval(upper, Math.floor(random.uniform() * total))] ?? '';
      if (isEmail) {
        const at = template.indexOf('@');
        const local = reshape(at < 0 ? template : template.slice(0, at), random);
        return `${local}.${String(rowNumber + 1)}@example.com`;
      }
      for (let attempt = 0; attempt < MAX_RESHAPE_ATTEMPTS; attempt++) {
        const candidate = reshape(template, random);
        if (!real.has(hashText(candidate))) return candidate;
      }
      return null;
    },
    describe: `synthetic ${spec.pii ?? 'personal'} values of the real shape`,
  };
}

/** Running sums: the upper bound of every entry's interval. */
export function cumulate(counts: number[]): number[] {
  let running = 0;
  return counts.map((count) => (running += count));
}

/** The column a spec describes. */
export function buildColumnModel(spec: ColumnSpec): ColumnModel {
  return spec.type === 'numerical' || spec.type === 'all-missing' || spec.type === 'categorical'
    ? buildMarginalColumn(spec)
    : buildGeneratedColumn(spec);
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
    if (!column) throw new TableError('schemaNoColumn', { column: name });
    return column;
  });
}

/** Models every column of the table as its schema says. */
export function fitColumnModels(options: {
  table: Table;
  schema: TableSchema;
  marginal: MarginalOptions;
}): (FittedMarginalColumn | GeneratedColumn)[] {
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
