import type { ColumnSchema } from '../table.js';
import { readNumbers } from './column-models.js';
import type { Random } from '../random.js';
import type { SyntheticValue } from './synthesizer.js';

/** A column cut into states: its categories, or bins of its values, with missing as a state of its own. */
export type DiscreteColumn = {
  name: string;
  /** The state of every real row. */
  states: Int32Array;
  stateCount: number;
  /** A value of the state: the category itself, or one of the bin's real values drawn at random. */
  draw(state: number, random: Random): SyntheticValue;
  /** The state of any value (a category never seen falls in the commonest state). */
  stateOf(value: SyntheticValue): number;
  describe: string;
};

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

/** Drops the states no row is in, so every state has values to draw from. */
function buildColumn(options: {
  name: string;
  cells: (string | null)[];
  rawStateOf: (cell: string | null) => number;
  values: SyntheticValue[];
  describe: string;
}): DiscreteColumn {
  const { cells, rawStateOf, values } = options;
  const rawStates = Int32Array.from(cells, rawStateOf);
  const remap = new Map<number, number>();
  const sorted = [...new Set(rawStates)].sort((a, b) => a - b);
  sorted.forEach((raw, index) => remap.set(raw, index));
  const states = Int32Array.from(rawStates, (raw) => remap.get(raw) ?? 0);
  const pools: SyntheticValue[][] = sorted.map(() => []);
  // One object per distinct value: equal cells read from a file are separate strings, slower to write.
  const canonical = new Map<SyntheticValue, SyntheticValue>();
  states.forEach((state, row) => {
    const value = values[row] ?? null;
    const shared = canonical.get(value);
    if (shared === undefined) canonical.set(value, value);
    pools[state]?.push(shared === undefined ? value : shared);
  });
  const commonest = pools.reduce(
    (best, pool, state) => (pool.length > (pools[best]?.length ?? 0) ? state : best),
    0,
  );
  return {
    name: options.name,
    states,
    stateCount: pools.length,
    draw(state, random) {
      const pool = pools[state] ?? [];
      return pool[Math.floor(random.uniform() * pool.length)] ?? null;
    },
    stateOf: (value) => remap.get(rawStateOf(value === null ? null : String(value))) ?? commonest,
    describe: `${String(pools.length)} states: ${options.describe}`,
  };
}

function discretizeNumbers(options: DiscretizeOptions): DiscreteColumn {
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
  const missingState = cuts.length + 1;
  const toNumber = (cell: string): number =>
    column.kind === 'datetime' ? Date.parse(cell) : Number(cell);
  const rawStateOf = (cell: string | null): number =>
    cell === null ? missingState : findBin(cuts, toNumber(cell));
  const values = column.kind === 'datetime' ? cells : numbers;
  const describe =
    distinct <= maxBins ? 'one per real value' : 'quantile bins, real values drawn within a bin';
  return buildColumn({ name: column.name, cells, rawStateOf, values, describe });
}

function discretizeCategories(options: DiscretizeOptions): DiscreteColumn {
  const { column, cells, maxCategories } = options;
  const counts = new Map<string | null, number>();
  for (const cell of cells) counts.set(cell, (counts.get(cell) ?? 0) + 1);
  const ordered = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
  const kept = ordered.length <= maxCategories ? ordered : ordered.slice(0, maxCategories - 1);
  const stateOf = new Map(kept.map((value, index) => [value, index]));
  const rawStateOf = (cell: string | null): number => stateOf.get(cell) ?? kept.length;
  const describe =
    kept.length === ordered.length
      ? 'one per category'
      : `the ${String(kept.length)} commonest categories and one for the rest`;
  return buildColumn({ name: column.name, cells, rawStateOf, values: cells, describe });
}

/** Cuts a column into the discrete states a Bayesian network models. */
export function discretizeColumn(options: DiscretizeOptions): DiscreteColumn {
  const { kind } = options.column;
  return kind === 'numerical' || kind === 'datetime'
    ? discretizeNumbers(options)
    : discretizeCategories(options);
}
