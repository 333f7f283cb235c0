import { TableError, type Table, type TableSchema } from '../table.js';
import {
  buildGeneratedColumn,
  findColumnSchemas,
  fitGeneratedColumn,
  type ColumnModel,
} from './column-models.js';
import {
  buildDiscreteColumn,
  discretizeColumn,
  type DiscreteColumn,
  type FittedDiscreteColumn,
} from './discrete-columns.js';
import { encodeParents, learnStructure, type NetworkNode } from './network-structure.js';
import { createRandom, type Random } from '@app/engine-kit';
import { streamRows, type DrawnColumn } from './sampling.js';
import {
  ModelError,
  type BayesianNetworkModel,
  type RowBatch,
  type SyntheticValue,
  type Synthesizer,
} from './synthesizer.js';

export type BayesianNetworkParameters = {
  /** Most parents per column. */
  degree?: number;
  /** Numerical and datetime columns with more distinct values are cut into this many quantile bins. */
  maxBins?: number;
  /** Categorical columns keep this many commonest categories as states; the rest share one. */
  maxCategories?: number;
  /** Differential-privacy budget of the network and its distributions; `null` for none. */
  epsilon?: number | null;
  /** Seed of the fit's randomness (the privacy noise and the choices of the exponential mechanism). */
  seed?: number;
};

/** Share of the privacy budget spent on choosing the network (PrivBayes' β). */
const STRUCTURE_SHARE = 0.3;
/**
 * A conditional table (parent configurations × column states) is only used when it holds this many
 * rows per cell on average: sparser tables learn the noise of the sample rather than the relation.
 */
const MIN_ROWS_PER_CELL = 8;
/**
 * With a privacy budget, a table is only worth its noise when its mean count is this many times
 * the noise scale (PrivBayes' θ-usefulness), which bounds the size of the tables the network uses.
 */
const USEFUL_SIGNAL = 4;
/** Pseudo-rows of the column's own distribution mixed into every conditional distribution. */
const PRIOR_ROWS = 1;

type FittedNode = NetworkNode & {
  stateCount: number;
  /** Cumulative distribution of the column's states for every joint state of its parents. */
  cumulative: Float64Array;
  /** Multiplier of each parent's state in the joint parent state. */
  radix: number[];
};

/** The multiplier of each parent's state in the joint parent state, and the number of joint states. */
function findRadix(
  parents: number[],
  stateCounts: number[],
): { radix: number[]; configurations: number } {
  const radix = parents.map((_, index) =>
    parents.slice(index + 1).reduce((product, parent) => product * (stateCounts[parent] ?? 1), 1),
  );
  const configurations = parents.reduce(
    (product, parent) => product * (stateCounts[parent] ?? 1),
    1,
  );
  return { radix, configurations };
}

function drawLaplace(random: Random, scale: number): number {
  const u = random.uniform() - 0.5;
  return -scale * Math.sign(u) * Math.log(1 - 2 * Math.abs(u));
}

/**
 * Conditional distributions of a node from its joint counts with its parents; with a privacy budget,
 * every count gets Laplace noise first (and negative counts become 0).
 */
function fitNode(options: {
  node: NetworkNode;
  columns: FittedDiscreteColumn[];
  noiseScale: number | null;
  random: Random;
}): FittedNode {
  const { node, columns, noiseScale, random } = options;
  const child = columns[node.column];
  if (!child) throw new TableError('networkColumn');
  const stateCount = child.stateCount;
  const parents = encodeParents(
    {
      states: columns.map((column) => column.states),
      stateCounts: columns.map((c) => c.stateCount),
    },
    node.parents,
  );
  const counts = new Float64Array(parents.configurations * stateCount);
  child.states.forEach((state, row) => {
    const cell = (parents.codes[row] ?? 0) * stateCount + state;
    counts[cell] = (counts[cell] ?? 0) + 1;
  });
  if (noiseScale !== null) {
    for (let cell = 0; cell < counts.length; cell++) {
      counts[cell] = Math.max(0, (counts[cell] ?? 0) + drawLaplace(random, noiseScale));
    }
  }
  const marginal = new Float64Array(stateCount);
  counts.forEach(
    (count, cell) => (marginal[cell % stateCount] = (marginal[cell % stateCount] ?? 0) + count),
  );
  const total = marginal.reduce((sum, count) => sum + count, 0);
  const cumulative = new Float64Array(counts.length);
  for (let configuration = 0; configuration < parents.configurations; configuration++) {
    const offset = configuration * stateCount;
    let rowTotal = 0;
    for (let state = 0; state < stateCount; state++) rowTotal += counts[offset + state] ?? 0;
    let running = 0;
    for (let state = 0; state < stateCount; state++) {
      const prior = total > 0 ? (marginal[state] ?? 0) / total : 1 / stateCount;
      running += ((counts[offset + state] ?? 0) + PRIOR_ROWS * prior) / (rowTotal + PRIOR_ROWS);
      cumulative[offset + state] = running;
    }
  }
  const { radix } = findRadix(
    node.parents,
    columns.map((column) => column.stateCount),
  );
  return { ...node, stateCount, cumulative, radix };
}

export type BayesianNetwork = Synthesizer & {
  network: { column: string; parents: string[] }[];
  /**
   * One row per given row: the given columns (in the order fitted) keep their values, every other
   * column is drawn conditionally on them.
   */
  sampleGiven(options: {
    given: SyntheticValue[][];
    seed: number;
    batchSize?: number;
  }): Generator<RowBatch>;
};

/**
 * Fits a Bayesian network (PrivBayes): columns cut into discrete states, a greedy network of
 * degree k by mutual information, and the conditional distribution of each column given its
 * parents. Rows are drawn column by column in network order; keys and personal data are generated.
 */
export function fitBayesianNetwork(options: {
  table: Table;
  schema: TableSchema;
  parameters?: BayesianNetworkParameters;
  /** Columns whose values `sampleGiven` is told (a parent row's): placed first in the network. */
  given?: string[];
}): BayesianNetwork {
  const { table, schema } = options;
  const degree = Math.max(1, Math.round(options.parameters?.degree ?? 3));
  const maxBins = Math.max(2, Math.round(options.parameters?.maxBins ?? 20));
  const maxCategories = Math.max(2, Math.round(options.parameters?.maxCategories ?? 50));
  const epsilon = options.parameters?.epsilon ?? null;
  if (epsilon !== null && !(epsilon > 0)) throw new TableError('epsilonPositive');
  const random = createRandom(options.parameters?.seed ?? 0);
  const specs: BayesianNetworkModel['columns'] = [];
  const columns: FittedDiscreteColumn[] = [];
  findColumnSchemas(table, schema).forEach((column, index) => {
    const cells = table.rows.map((row) => row[index] ?? null);
    const generated = fitGeneratedColumn({ column, cells, primaryKey: schema.primaryKey });
    if (generated) {
      specs.push(generated.spec);
      return;
    }
    const fitted = discretizeColumn({ column, cells, maxBins, maxCategories });
    columns.push(fitted);
    specs.push({ type: 'drawn', discrete: fitted.spec });
  });
  const given = (options.given ?? []).map((name) => {
    const position = columns.findIndex((column) => column.name === name);
    if (position < 0) throw new TableError('givenColumnNotDrawn', { column: name });
    return position;
  });
  const noiseScale =
    epsilon === null ? null : (2 * Math.max(1, columns.length)) / (epsilon * (1 - STRUCTURE_SHARE));
  const structure = learnStructure({
    columns: {
      states: columns.map((c) => c.states),
      stateCounts: columns.map((c) => c.stateCount),
    },
    degree,
    epsilon: epsilon === null ? null : epsilon * STRUCTURE_SHARE,
    maxCells:
      table.rows.length / (noiseScale === null ? MIN_ROWS_PER_CELL : USEFUL_SIGNAL * noiseScale),
    given,
    random,
  });
  const nodes = structure.map((node) => fitNode({ node, columns, noiseScale, random }));
  return buildBayesianNetwork({
    algorithm: 'bayesian-network',
    columns: specs,
    nodes: nodes.map((node) => ({
      column: node.column,
      parents: node.parents,
      cumulative: Array.from(node.cumulative),
    })),
    given,
  });
}

/** The nodes of a model with their tables checked against the columns' states. */
function readNodes(model: BayesianNetworkModel, columns: DiscreteColumn[]): FittedNode[] {
  const stateCounts = columns.map((column) => column.stateCount);
  const isColumn = (position: number) =>
    Number.isInteger(position) && position >= 0 && position < columns.length;
  return model.nodes.map((node) => {
    if (!isColumn(node.column) || !node.parents.every(isColumn)) {
      throw new ModelError('modelNodeColumn');
    }
    const stateCount = stateCounts[node.column] ?? 0;
    const { radix, configurations } = findRadix(node.parents, stateCounts);
    if (node.cumulative.length !== configurations * stateCount) {
      throw new ModelError('modelTableShape');
    }
    return { ...node, stateCount, radix, cumulative: Float64Array.from(node.cumulative) };
  });
}

/** The synthesizer a Bayesian network model describes (as fitted, or read back from storage). */
export function buildBayesianNetwork(model: BayesianNetworkModel): BayesianNetwork {
  const models: (ColumnModel | DrawnColumn)[] = [];
  /** Drawn columns: their index in the table and their position among the drawn columns. */
  const discrete: { index: number; position: number; column: DiscreteColumn }[] = [];
  model.columns.forEach((spec, index) => {
    if (spec.type !== 'drawn') {
      models.push(buildGeneratedColumn(spec));
      return;
    }
    const column = buildDiscreteColumn(spec.discrete);
    discrete.push({ index, position: discrete.length, column });
    models.push({ type: 'drawn', name: column.name, describe: column.describe });
  });
  const columns = discrete.map((entry) => entry.column);
  const nodes = readNodes(model, columns);
  const { given } = model;
  if (!given.every((position) => position >= 0 && position < columns.length)) {
    throw new ModelError('modelGivenColumn');
  }
  const states = new Int32Array(columns.length);
  const drawn = discrete.filter((_, position) => !given.includes(position));
  /** Draws the nodes of `network` in order, each given its parents' states, then the values of their states. */
  const createRowDrawer =
    (network: FittedNode[]) =>
    (row: SyntheticValue[], random: Random): void => {
      for (const node of network) {
        let configuration = 0;
        for (let index = 0; index < node.parents.length; index++) {
          configuration += (states[node.parents[index] ?? 0] ?? 0) * (node.radix[index] ?? 1);
        }
        // the first state whose cumulative probability exceeds a uniform draw, by bisection
        const offset = configuration * node.stateCount;
        const target = random.uniform() * (node.cumulative[offset + node.stateCount - 1] ?? 1);
        let low = 0;
        let high = node.stateCount - 1;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if ((node.cumulative[offset + middle] ?? 1) <= target) low = middle + 1;
          else high = middle;
        }
        states[node.column] = low;
      }
      for (const { index, position, column } of drawn) {
        row[index] = column.draw(states[position] ?? 0, random);
      }
    };
  const drawEveryColumn = createRowDrawer(nodes);
  const drawGivenTheOthers = createRowDrawer(nodes.filter((node) => !given.includes(node.column)));
  return {
    algorithm: 'bayesian-network',
    columns: models.map((column) => column.name),
    columnModels: models.map((column) => ({ name: column.name, model: column.describe })),
    network: nodes.map((node) => ({
      column: columns[node.column]?.name ?? '',
      parents: node.parents.map((parent) => columns[parent]?.name ?? ''),
    })),
    toModel: () => model,
    sample: (sample) =>
      streamRows({
        models,
        sample,
        fillRow(row, { random }) {
          drawEveryColumn(row, random);
          for (const position of given) {
            const entry = discrete[position];
            if (entry) row[entry.index] = entry.column.draw(states[position] ?? 0, random);
          }
        },
      }),
    sampleGiven: ({ given: rows, seed, batchSize }) =>
      streamRows({
        models,
        sample: { rows: rows.length, seed, batchSize },
        fillRow(row, { random, rowNumber }) {
          const values = rows[rowNumber] ?? [];
          given.forEach((position, index) => {
            const entry = discrete[position];
            const value = values[index] ?? null;
            if (!entry) return;
            states[position] = entry.column.stateOf(value);
            row[entry.index] = value;
          });
          drawGivenTheOthers(row, random);
        },
      }),
  };
}
