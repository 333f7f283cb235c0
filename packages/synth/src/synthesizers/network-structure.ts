import type { Random } from '@app/engine-kit';

/** One column of the network with the columns it is conditioned on (all earlier in the order). */
export type NetworkNode = { column: number; parents: number[] };

/** Discrete columns as the structure search sees them. */
export type StructureColumns = { states: Int32Array[]; stateCounts: number[] };

/** Parent sets whose joint states outnumber this are not considered (their tables would be empty). */
const MAX_PARENT_CONFIGURATIONS = 50_000;

/** The joint state of `parents` for every row, and how many joint states there can be. */
export function encodeParents(
  columns: StructureColumns,
  parents: number[],
): { codes: Int32Array; configurations: number } {
  const rows = columns.states[0]?.length ?? 0;
  const codes = new Int32Array(rows);
  let configurations = 1;
  for (const parent of parents) {
    const states = columns.states[parent] ?? new Int32Array(rows);
    const count = columns.stateCounts[parent] ?? 1;
    for (let row = 0; row < rows; row++)
      codes[row] = (codes[row] ?? 0) * count + (states[row] ?? 0);
    configurations *= count;
  }
  return { codes, configurations };
}

/** Reused counting buffers, cleared through the list of cells touched. */
type Counter = { joint: Int32Array; parents: Int32Array; touched: Int32Array };

function createCounter(size: number, parentSize: number): Counter {
  return {
    joint: new Int32Array(size),
    parents: new Int32Array(parentSize),
    touched: new Int32Array(size),
  };
}

/**
 * Mutual information (nats) of a column with a parent configuration, plain and less its
 * Miller-Madow bias, which grows with the number of occupied cells: without that correction a
 * parent with many states would always look the most informative.
 */
function mutualInformation(options: {
  child: Int32Array;
  childCounts: Int32Array;
  childStates: number;
  parents: { codes: Int32Array; configurations: number };
  counter: Counter;
}): { plain: number; corrected: number } {
  const { child, childCounts, childStates, parents, counter } = options;
  const { joint, touched } = counter;
  const parentCounts = counter.parents;
  const rows = child.length;
  let used = 0;
  let usedParents = 0;
  for (let row = 0; row < rows; row++) {
    const parent = parents.codes[row] ?? 0;
    const cell = parent * childStates + (child[row] ?? 0);
    if (joint[cell] === 0) touched[used++] = cell;
    joint[cell] = (joint[cell] ?? 0) + 1;
    if (parentCounts[parent] === 0) usedParents++;
    parentCounts[parent] = (parentCounts[parent] ?? 0) + 1;
  }
  let information = 0;
  for (let index = 0; index < used; index++) {
    const cell = touched[index] ?? 0;
    const count = joint[cell] ?? 0;
    const parent = Math.floor(cell / childStates);
    const expected = ((parentCounts[parent] ?? 1) * (childCounts[cell % childStates] ?? 1)) / rows;
    information += (count / rows) * Math.log(count / expected);
  }
  for (let index = 0; index < used; index++) {
    const cell = touched[index] ?? 0;
    joint[cell] = 0;
    parentCounts[Math.floor(cell / childStates)] = 0;
  }
  let usedChildren = 0;
  for (let state = 0; state < childStates; state++)
    if ((childCounts[state] ?? 0) > 0) usedChildren++;
  const bias = (used - usedParents - usedChildren + 1) / (2 * rows);
  return { plain: information, corrected: information - bias };
}

/** Every subset of `items` with 1 to `size` elements. */
function subsets(items: number[], size: number): number[][] {
  const result: number[][] = [];
  const extend = (start: number, current: number[]): void => {
    if (current.length > 0) result.push(current);
    if (current.length === size) return;
    for (let index = start; index < items.length; index++) {
      extend(index + 1, [...current, items[index] ?? 0]);
    }
  };
  extend(0, []);
  return result;
}

/** Sensitivity of mutual information to one changed row (PrivBayes, Zhang et al. 2017, lemma 4.1). */
function mutualInformationSensitivity(rows: number): number {
  if (rows < 2) return 1;
  return (
    (2 / rows) * Math.log((rows + 1) / 2) + ((rows - 1) / rows) * Math.log((rows + 1) / (rows - 1))
  );
}

type Candidate = { column: number; parents: number[]; score: number };

/** Index drawn with probability proportional to `exp(weight × score)`. */
function chooseExponential(options: {
  candidates: Candidate[];
  weight: number;
  random: Random;
}): number {
  const { candidates, weight, random } = options;
  const best = Math.max(...candidates.map((candidate) => candidate.score));
  const weights = candidates.map((candidate) => Math.exp(weight * (candidate.score - best)));
  let target = random.uniform() * weights.reduce((sum, value) => sum + value, 0);
  for (let index = 0; index < weights.length; index++) {
    target -= weights[index] ?? 0;
    if (target <= 0) return index;
  }
  return weights.length - 1;
}

/** The best candidate, or one drawn by the exponential mechanism when there is a `weight`. */
function chooseCandidate(options: {
  candidates: Candidate[];
  fallback: Candidate;
  weight: number | null;
  random: Random;
}): Candidate {
  const { candidates, fallback, weight, random } = options;
  if (candidates.length === 0) return fallback;
  if (weight === null) {
    return candidates.reduce((best, candidate) =>
      candidate.score > best.score ? candidate : best,
    );
  }
  return candidates[chooseExponential({ candidates, weight, random })] ?? fallback;
}

function countStates(states: Int32Array, stateCount: number): Int32Array {
  const counts = new Int32Array(stateCount);
  for (const state of states) counts[state] = (counts[state] ?? 0) + 1;
  return counts;
}

/**
 * Greedy network of degree `degree` (PrivBayes): start from one column, then repeatedly add the
 * column and parent set (of at most `degree` columns already placed) with the highest mutual
 * information. With a privacy budget, each choice is drawn by the exponential mechanism instead.
 * Given columns, when there are any, are placed first instead of the starting column.
 */
export function learnStructure(options: {
  columns: StructureColumns;
  degree: number;
  /** Budget of the whole structure search; `null` chooses greedily. */
  epsilon: number | null;
  /** Largest table (parent configurations × column states) to consider. */
  maxCells: number;
  /** Columns known before sampling (a parent row's): placed first, without parents of their own. */
  given?: number[];
  random: Random;
}): NetworkNode[] {
  const { columns, degree, epsilon, maxCells, random } = options;
  const given = options.given ?? [];
  const count = columns.states.length;
  if (count === 0) return [];
  const rows = columns.states[0]?.length ?? 0;
  const childCounts = columns.states.map((states, index) =>
    countStates(states, columns.stateCounts[index] ?? 1),
  );
  const maxStates = Math.max(...columns.stateCounts);
  const counter = createCounter(MAX_PARENT_CONFIGURATIONS * maxStates, MAX_PARENT_CONFIGURATIONS);
  const score = (child: number, parents: { codes: Int32Array; configurations: number }) => {
    const information = mutualInformation({
      child: columns.states[child] ?? new Int32Array(rows),
      childCounts: childCounts[child] ?? new Int32Array(1),
      childStates: columns.stateCounts[child] ?? 1,
      parents,
      counter,
    });
    return epsilon === null ? information.corrected : information.plain;
  };
  const all = Array.from({ length: count }, (_, index) => index);
  const informationWithOthers = (candidate: number): number => {
    const encoded = encodeParents(columns, [candidate]);
    return all.reduce((sum, other) => (other === candidate ? sum : sum + score(other, encoded)), 0);
  };
  /** Without a budget, the column most informative about all others; with one, a random column. */
  const first = (): number => {
    if (epsilon !== null) return Math.floor(random.uniform() * count);
    const totals = all.map(informationWithOthers);
    return totals.indexOf(Math.max(...totals));
  };
  const placed = given.length > 0 ? [...given] : [first()];
  const nodes: NetworkNode[] = placed.map((column) => ({ column, parents: [] }));
  let remaining = all.filter((column) => !placed.includes(column));
  const stepWeight =
    epsilon === null ? 0 : epsilon / (count - 1) / (2 * mutualInformationSensitivity(rows));
  while (remaining.length > 0) {
    const candidates: Candidate[] = [];
    for (const parents of subsets(placed, degree)) {
      const encoded = encodeParents(columns, parents);
      if (encoded.configurations > MAX_PARENT_CONFIGURATIONS) continue;
      for (const column of remaining) {
        const cells = encoded.configurations * (columns.stateCounts[column] ?? 1);
        if (cells > maxCells) continue;
        candidates.push({ column, parents, score: score(column, encoded) });
      }
    }
    const chosen = chooseCandidate({
      candidates,
      fallback: { column: remaining[0] ?? 0, parents: [], score: 0 },
      weight: epsilon === null ? null : stepWeight,
      random,
    });
    nodes.push({ column: chosen.column, parents: chosen.parents });
    placed.push(chosen.column);
    remaining = remaining.filter((column) => column !== chosen.column);
  }
  return nodes;
}
