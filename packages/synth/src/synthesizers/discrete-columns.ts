import type { ColumnSchema } from '../table.js';
import { cumulate, findInterval, readNumbers } from './column-models.js';
import type { Random } from '@app/engine-kit';
import type { SyntheticValue } from './synthesizer.js';

/**
 * What a discrete column is made of, as plain data (it is stored in a model): how a value finds
 * its raw state (bins cut at `cuts`, or the kept categories, anything else one state more), the
 * raw states that occur (in state order), and the real values of each state with their counts.
 */
export type DiscreteColumnSpec = {
  name: string;
  describe: string;
  encoding:
    | { type: 'bins'; cuts: number[]; isDatetime: boolean }
    | { type: 'categories'; kept: (string | null)[] };
  rawStates: number[];
  pools: { values: SyntheticValue[]; counts: number[] }[];
};

/** A column cut into states: its categories, or bins of its values, with missing as a state of its own. */
export type DiscreteColumn = {
  name: string;
  stateCount: number;
  /** A value of the state: the category itself, or one of the bin's real values drawn at random. */
  draw(state: number, random: Random): SyntheticValue;
  /** The state of any value (a category never seen falls in the commonest state). */
  stateOf(value: SyntheticValue): number;
  describe: string;
  spec: DiscreteColumnSpec;
};

/** A column as fitted: with the state of every real row. */
export type FittedDiscreteColumn = DiscreteColumn & { states: Int32Array };

export type DiscretizeOptions = {
  column: ColumnSchema;
  cells: (string | null)[];
  /** Numerical and datetime columns with more distinct values are cut into this many quantile bins. */
  maxBins: number;
  /** Categorical columns keep this many commonest categories; the rest share one state. */
  maxCategories: number;
};

/** Number of sorted `cuts` strictly below `value`: the bin `(cut[i-1], cut[i]]` holding it. */
function findBin(cuts: number[], value: number): number {
  let low = 0;
  let high = cuts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cuts[middle] ?? Infinity) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Cut points at the quantiles of the sorted values, each a real value, none at the maximum. */
function quantileCuts(sorted: Float64Array, bins: number): number[] {
  const max = sorted[sorted.length - 1] ?? 0;
  const cuts = new Set<number>();
  for (let bin = 1; bin < bins; bin++) {
    const cut = sorted[Math.floor((bin * sorted.length) / bins) - 1] ?? max;
    if (cut < max) cuts.add(cut);
  }
  return [...cuts].sort((a, b) => a - b);
}

/** The raw state of a value: its bin (missing after the last), or its kept category (the rest after them). */
function createRawStateOf(
  encoding: DiscreteColumnSpec['encoding'],
): (cell: string | null) => number {
  if (encoding.type === 'categories') {
    const stateOf = new Map(encoding.kept.map((value, index) => [value, index]));
    const rest = encoding.kept.length;
    return (cell) => stateOf.get(cell) ?? rest;
  }
  const { cuts, isDatetime } = encoding;
  const missingState = cuts.length + 1;
  return (cell) =>
    cell === null ? missingState : findBin(cuts, isDatetime ? Date.parse(cell) : Number(cell));
}

/** Drops the states no row is in, so every state has values to draw from. */
function fitColumn(options: {
  name: string;
  cells: (string | null)[];
  encoding: DiscreteColumnSpec['encoding'];
  values: SyntheticValue[];
  describe: string;
}): FittedDiscreteColumn {
  const { cells, values } = options;
  const rawStateOf = createRawStateOf(options.encoding);
  const rawStates = Int32Array.from(cells, rawStateOf);
  const sorted = [...new Set(rawStates)].sort((a, b) => a - b);
  const remap = new Map(sorted.map((raw, index) => [raw, index]));
  const states = Int32Array.from(rawStates, (raw) => remap.get(raw) ?? 0);
  const pools = sorted.map(() => new Map<SyntheticValue, number>());
  states.forEach((state, row) => {
    const pool = pools[state];
    const value = values[row] ?? null;
    pool?.set(value, (pool.get(value) ?? 0) + 1);
  });
  const column = buildDiscreteColumn({
    name: options.name,
    describe: options.describe,
    encoding: options.encoding,
    rawStates: sorted,
    pools: pools.map((pool) => ({ values: [...pool.keys()], counts: [...pool.values()] })),
  });
  return { ...column, states };
}

/** The column a spec describes (as fitted, or read back from a stored model). */
export function buildDiscreteColumn(spec: DiscreteColumnSpec): DiscreteColumn {
  const rawStateOf = createRawStateOf(spec.encoding);
  const remap = new Map(spec.rawStates.map((raw, index) => [raw, index]));
  const pools = spec.pools.map((pool) => {
    const upper = Int32Array.from(cumulate(pool.counts));
    return { values: pool.values, upper, total: upper[upper.length - 1] ?? 0 };
  });
  const commonest = pools.reduce(
    (best, pool, state) => (pool.total > (pools[best]?.total ?? 0) ? state : best),
    0,
  );
  return {
    name: spec.name,
    stateCount: pools.length,
    draw(state, random) {
      const pool = pools[state];
      if (!pool) return null;
      // the value whose run of counts holds a uniform draw
      const index = findInterval(pool.upper, Math.floor(random.uniform() * pool.total));
      return pool.values[index] ?? null;
    },
    stateOf: (value) => remap.get(rawStateOf(value === null ? null : String(value))) ?? commonest,
    describe: `${String(pools.length)} states: ${spec.describe}`,
    spec,
  };
}

function discretizeNumbers(options: DiscretizeOptions): FittedDiscreteColumn {
  const { column, cells, maxBins } = options;
  const numbers = readNumbers(column, cells);
  const present = Float64Array.from(
    numbers.filter((value): value is number => value !== null),
  ).sort();
  const distinct = new Set(present).size;
  const cuts =
    distinct <= maxBins
      ? [...new Set(present)].sort((a, b) => a - b).slice(0, -1)
      : quantileCuts(present, maxBins);
  const isDatetime = column.kind === 'datetime';
  const describe =
    distinct <= maxBins ? 'one per real value' : 'quantile bins, real values drawn within a bin';
  return fitColumn({
    name: column.name,
    cells,
    encoding: { type: 'bins', cuts, isDatetime },
    values: isDatetime ? cells : numbers,
    describe,
  });
}

function discretizeCategories(options: DiscretizeOptions): FittedDiscreteColumn {
  const { column, cells, maxCategories } = options;
  const counts = new Map<string | null, number>();
  for (const cell of cells) counts.set(cell, (counts.get(cell) ?? 0) + 1);
  const ordered = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
  const kept = ordered.length <= maxCategories ? ordered : ordered.slice(0, maxCategories - 1);
  const describe =
    kept.length === ordered.length
      ? 'one per category'
      : `the ${String(kept.length)} commonest categories and one for the rest`;
  return fitColumn({
    name: column.name,
    cells,
    encoding: { type: 'categories', kept },
    values: cells,
    describe,
  });
}

/** Cuts a column into the discrete states a Bayesian network models. */
export function discretizeColumn(options: DiscretizeOptions): FittedDiscreteColumn {
  const { kind } = options.column;
  return kind === 'numerical' || kind === 'datetime'
    ? discretizeNumbers(options)
    : discretizeCategories(options);
}
