import type { Table, TableSchema } from '../table.js';
import { fitColumnModels } from './column-models.js';
import { sampleRows } from './sampling.js';
import type { Synthesizer } from './synthesizer.js';

/** Baseline: every column drawn on its own from its empirical distribution; no association is kept. */
export function fitIndependentMarginals(options: {
  table: Table;
  schema: TableSchema;
}): Synthesizer {
  const models = fitColumnModels({ ...options, marginal: { mode: 'empirical', maxKsDistance: 0 } });
  return {
    algorithm: 'independent-marginals',
    columns: models.map((model) => model.name),
    columnModels: models.map((model) => ({ name: model.name, model: model.describe })),
    sample: (sample) =>
      sampleRows({
        models,
        sample,
        drawProbabilities(random, target) {
          for (let i = 0; i < target.length; i++) target[i] = random.uniform();
        },
      }),
  };
}
