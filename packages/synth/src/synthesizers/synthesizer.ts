import type { ColumnSpec, GeneratedColumnSpec } from './column-models.js';
import type { DiscreteColumnSpec } from './discrete-columns.js';
import { EngineError } from '../engine-error.js';

/** A synthetic cell: numbers for numerical columns, text otherwise, `null` where missing. */
export type SyntheticValue = string | number | null;

export type RowBatch = { columns: string[]; rows: SyntheticValue[][] };

export type SampleOptions = {
  rows: number;
  seed: number;
  /** Rows per batch; memory stays bounded by it whatever `rows` is. */
  batchSize?: number;
};

export type GaussianCopulaModel = {
  algorithm: 'gaussian-copula';
  columns: ColumnSpec[];
  /** Correlation of the latent normals of the marginal columns, row by row. */
  correlation: number[];
  /** Its lower Cholesky factor, row by row. */
  lower: number[];
};

export type BayesianNetworkModel = {
  algorithm: 'bayesian-network';
  /** In the table's order: generated columns, and the drawn ones with their states. */
  columns: (GeneratedColumnSpec | { type: 'drawn'; discrete: DiscreteColumnSpec })[];
  /** In drawing order; `column` and `parents` are positions among the drawn columns. */
  nodes: { column: number; parents: number[]; cumulative: number[] }[];
  /** Drawn columns whose values `sampleGiven` is told. */
  given: number[];
};

export type IndependentMarginalsModel = {
  algorithm: 'independent-marginals';
  columns: ColumnSpec[];
};

/**
 * What a fitted synthesizer is made of, as plain JSON data: everything sampling needs and
 * nothing of the real rows beyond the values synthetic cells are drawn from.
 */
export type SynthesizerModel =
  GaussianCopulaModel | BayesianNetworkModel | IndependentMarginalsModel;

/** A stored model that cannot be read: not a model, another version, corrupted or inconsistent. */
export class ModelError extends EngineError {}

/** A synthesizer fitted to one table. */
export type Synthesizer = {
  algorithm: string;
  columns: string[];
  /** How each column is modelled, for display. */
  columnModels: { name: string; model: string }[];
  /** Streams `rows` synthetic rows in batches; the same seed gives the same rows. */
  sample(options: SampleOptions): Generator<RowBatch>;
  /** The fitted model as plain data, to store and rebuild with `synthesizerFromModel`. */
  toModel(): SynthesizerModel;
};

export const DEFAULT_BATCH_SIZE = 10_000;
