import type { Table, TableSchema } from '../table.js';
import { fitGaussianCopula, type GaussianCopulaParameters } from './gaussian-copula.js';
import { fitIndependentMarginals } from './independent-marginals.js';
import type { Synthesizer } from './synthesizer.js';

export type AlgorithmParameter = {
  name: string;
  type: 'integer' | 'number' | 'string';
  default: number | string | null;
  description: string;
  values?: string[];
};

export type AlgorithmDescription = {
  name: string;
  description: string;
  parameters: AlgorithmParameter[];
};

const SAMPLE_PARAMETERS: AlgorithmParameter[] = [
  {
    name: 'rows',
    type: 'integer',
    default: null,
    description: 'Rows to generate; defaults to the real row count.',
  },
  {
    name: 'seed',
    type: 'integer',
    default: 0,
    description: 'Seed of the generator: the same seed gives the same rows.',
  },
];

/** The algorithms on offer, as served to clients. */
export const ALGORITHMS: AlgorithmDescription[] = [
  {
    name: 'gaussian-copula',
    description:
      'Per-column marginals (empirical, normal, truncated normal, beta or uniform, chosen by KS distance; categories as intervals of the unit range ordered by frequency; datetimes as numbers) joined by the correlation of their normal scores. Keeps pairwise correlations; missing values kept at their real rate.',
    parameters: [
      ...SAMPLE_PARAMETERS,
      {
        name: 'marginal',
        type: 'string',
        default: 'auto',
        values: ['auto', 'empirical'],
        description:
          'auto picks the best-fitting family per numerical column; empirical always uses the real distribution.',
      },
      {
        name: 'maxKsDistance',
        type: 'number',
        default: 0.02,
        description:
          'Largest KS distance at which a parametric family is preferred to the empirical distribution.',
      },
    ],
  },
  {
    name: 'independent-marginals',
    description:
      'Fast baseline: every column drawn on its own from its real distribution. Keeps each column, loses every association; for comparison and very large tables.',
    parameters: SAMPLE_PARAMETERS,
  },
];

export type AlgorithmName = 'gaussian-copula' | 'independent-marginals';

export function isAlgorithmName(name: string): name is AlgorithmName {
  return ALGORITHMS.some((algorithm) => algorithm.name === name);
}

/** Fits the named algorithm to a table. */
export function fitSynthesizer(options: {
  algorithm: AlgorithmName;
  table: Table;
  schema: TableSchema;
  parameters?: GaussianCopulaParameters;
}): Synthesizer {
  const { table, schema } = options;
  if (options.algorithm === 'gaussian-copula') {
    return fitGaussianCopula({
      table,
      schema,
      ...(options.parameters ? { parameters: options.parameters } : {}),
    });
  }
  return fitIndependentMarginals({ table, schema });
}
