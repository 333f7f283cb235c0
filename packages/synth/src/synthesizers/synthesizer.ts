/** A synthetic cell: numbers for numerical columns, text otherwise, `null` where missing. */
export type SyntheticValue = string | number | null;

export type RowBatch = { columns: string[]; rows: SyntheticValue[][] };

export type SampleOptions = {
  rows: number;
  seed: number;
  /** Rows per batch; memory stays bounded by it whatever `rows` is. */
  batchSize?: number;
};

/** A synthesizer fitted to one table. */
export type Synthesizer = {
  algorithm: string;
  columns: string[];
  /** How each column is modelled, for display. */
  columnModels: { name: string; model: string }[];
  /** Streams `rows` synthetic rows in batches; the same seed gives the same rows. */
  sample(options: SampleOptions): Generator<RowBatch>;
};

export const DEFAULT_BATCH_SIZE = 10_000;
