import type { ColumnModel, GeneratedColumn, MarginalColumn } from './column-models.js';
import { createRandom, type Random } from '@app/engine-kit';
import {
  DEFAULT_BATCH_SIZE,
  type RowBatch,
  type SampleOptions,
  type SyntheticValue,
} from './synthesizer.js';

/** Draws the probabilities of the marginal columns of one row into `target`. */
export type ProbabilityDrawer = (random: Random, target: Float64Array) => void;

/** A column whose cells the synthesizer's own `fillRow` writes. */
export type DrawnColumn = { type: 'drawn'; name: string; describe: string };

/** What `fillRow` is given beside the row; one object, updated for every row. */
export type RowContext = { random: Random; rowNumber: number };

/**
 * Streams rows in batches: generated columns from their generators, every other cell written by
 * `fillRow` (which leaves the generated columns alone).
 */
export function* streamRows(options: {
  models: (ColumnModel | DrawnColumn)[];
  sample: SampleOptions;
  fillRow: (row: SyntheticValue[], context: RowContext) => void;
}): Generator<RowBatch> {
  const { models, fillRow } = options;
  const { rows, seed } = options.sample;
  const batchSize = Math.max(1, options.sample.batchSize ?? DEFAULT_BATCH_SIZE);
  const random = createRandom(seed);
  const generated = models
    .map((model, index) => ({ model, index }))
    .filter((entry): entry is { model: GeneratedColumn; index: number } => {
      return entry.model.type === 'generated';
    })
    .map(({ model, index }) => ({
      index,
      generate: model.createGenerator(createRandom(random.uniform() * 4294967296)),
    }));
  const columns = models.map((model) => model.name);
  const context: RowContext = { random, rowNumber: 0 };
  for (let start = 0; start < rows; start += batchSize) {
    const end = Math.min(rows, start + batchSize);
    const batch: SyntheticValue[][] = [];
    for (let rowNumber = start; rowNumber < end; rowNumber++) {
      const row: SyntheticValue[] = new Array<SyntheticValue>(models.length).fill(null);
      context.rowNumber = rowNumber;
      fillRow(row, context);
      for (const { index, generate } of generated) row[index] = generate(rowNumber);
      batch.push(row);
    }
    yield { columns, rows: batch };
  }
}

/** Streams rows: marginal columns from the drawn probabilities, generated columns from their generators. */
export function sampleRows(options: {
  models: ColumnModel[];
  drawProbabilities: ProbabilityDrawer;
  sample: SampleOptions;
}): Generator<RowBatch> {
  const { models, drawProbabilities } = options;
  const marginals = models
    .map((model, index) => ({ model, index }))
    .filter((entry): entry is { model: MarginalColumn; index: number } => {
      return entry.model.type === 'marginal';
    });
  const probabilities = new Float64Array(marginals.length);
  return streamRows({
    models,
    sample: options.sample,
    fillRow(row, { random }) {
      drawProbabilities(random, probabilities);
      marginals.forEach(({ model, index }, slot) => {
        row[index] =
          model.missingRate > 0 && random.uniform() < model.missingRate
            ? null
            : model.decode(probabilities[slot] ?? 0.5);
      });
    },
  });
}
