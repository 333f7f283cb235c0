import type { Table, TableSchema } from '../table.js';
import { buildColumnModel, fitColumnModels } from './column-models.js';
import { sampleRows } from './sampling.js';
import type { IndependentMarginalsModel, Synthesizer } from './synthesizer.js';

/** Baseline: every column drawn on its own from its empirical distribution; no association is kept. */
export function fitIndependentMarginals(options: {
  table: Table;
  schema: TableSchema;
}): Synthesizer {
  const models = fitColumnModels({ ...options, marginal: { mode: 'empirical', maxKsDistance: 0 } });
  return buildIndependentMarginals({
    algorithm: 'independent-marginals',
    columns: models.map((model) => model.spec),
  });
}

/** The synthesizer an independent-marginals model describes. */
export function buildIndependentMarginals(model: IndependentMarginalsModel): Synthesizer {
  const models = model.columns.map(buildColumnModel);
  return {
    algorithm: 'independent-marginals',
    columns: models.map((column) => column.name),
    columnModels: models.map((column) => ({ name: column.name, model: column.describe })),
    toModel: () => model,
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
