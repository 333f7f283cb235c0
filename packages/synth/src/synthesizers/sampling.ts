import type { ColumnModel, MarginalColumn } from './column-models.js';
import { createRandom, type Random } from '../random.js';
import {
  DEFAULT_BATCH_SIZE,
  type RowBatch,
  type SampleOptions,
  type SyntheticValue,
} from './synthesizer.js';

/** Draws the probabilities of the marginal columns of one row into `target`. */
export type ProbabilityDrawer = (random: Random, target: Float64Array) => void;

/** Streams rows: marginal columns from the drawn probabilities, generated columns from their generators. */
export function* sampleRows(options: {
  models: ColumnModel[];
  drawProbabilities: ProbabilityDrawer;
  sample: SampleOptions;
}): Generator<RowBatch> {
  const { models, drawProbabilities } = options;
  const { rows, seed } = options.sample;
  const batchSize = Math.max(1, options.sample.batchSize ?? DEFAULT_BATCH_SIZE);
  const random = createRandom(seed);
  const marginals = models.filter((model): model is MarginalColumn => model.type === 'marginal');
  const slots = models.map((model) => (model.type === 'marginal' ? marginals.indexOf(model) : -1));
  const generators = models.map((model) =>
    model.type === 'generated'
      ? model.createGenerator(createRandom(random.uniform() * 4294967296))
      : null,
  );
  const columns = models.map((model) => model.name);
  const probabilities = new Float64Array(marginals.length);
  for (let start = 0; start < rows; start += batchSize) {
    const end = Math.min(rows, start + batchSize);
    const batch: SyntheticValue[][] = [];
    for (let rowNumber = start; rowNumber < end; rowNumber++) {
      drawProbabilities(random, probabilities);
      const row: SyntheticValue[] = new Array<SyntheticValue>(models.length);
      for (let index = 0; index < models.length; index++) {
        const generator = generators[index];
        if (generator) {
          row[index] = generator(rowNumber);
          continue;
        }
        const slot = slots[index] ?? 0;
        const model = marginals[slot];
        if (!model || (model.missingRate > 0 && random.uniform() < model.missingRate))
          row[index] = null;
        else row[index] = model.decode(probabilities[slot] ?? 0.5);
      }
      batch.push(row);
    }
    yield { columns, rows: batch };
  }
}
