import type { Table, TableSchema } from '../table.js';
import {
  buildBayesianNetwork,
  fitBayesianNetwork,
  type BayesianNetworkParameters,
} from './bayesian-network.js';
import {
  buildGaussianCopula,
  fitGaussianCopula,
  type GaussianCopulaParameters,
} from './gaussian-copula.js';
import { buildIndependentMarginals, fitIndependentMarginals } from './independent-marginals.js';
import { ModelError, type Synthesizer, type SynthesizerModel } from './synthesizer.js';
import { EngineError } from '../engine-error.js';

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
    name: 'bayesian-network',
    description:
      'PrivBayes-style Bayesian network: numerical and datetime columns cut into quantile bins (real values drawn back within a bin), categories and missing values as states; a greedy network where each column depends on up to `degree` earlier columns chosen by mutual information (only parent sets whose table keeps at least 8 rows per cell on average); rows drawn column by column from the conditional distributions. Keeps discrete dependencies. With `epsilon`, the network and its distributions are differentially private (exponential mechanism and Laplace noise, tables limited to those worth their noise); the categories and bin values themselves are taken from the data.',
    parameters: [
      ...SAMPLE_PARAMETERS,
      {
        name: 'degree',
        type: 'integer',
        default: 3,
        description: 'Most parents per column: higher keeps more joint structure and fits slower.',
      },
      {
        name: 'maxBins',
        type: 'integer',
        default: 20,
        description:
          'Numerical and datetime columns with more distinct values are cut into this many quantile bins.',
      },
      {
        name: 'maxCategories',
        type: 'integer',
        default: 50,
        description:
          'Categorical columns keep this many commonest categories as states; the rest share one state.',
      },
      {
        name: 'epsilon',
        type: 'number',
        default: null,
        description:
          'Differential-privacy budget (e.g. 1); empty for none. Smaller is more private and less faithful.',
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

export type AlgorithmName = 'gaussian-copula' | 'bayesian-network' | 'independent-marginals';

/** Parameters of every algorithm; each reads its own. */
export type SynthesizerParameters = GaussianCopulaParameters & BayesianNetworkParameters;

export function isAlgorithmName(name: string): name is AlgorithmName {
  return ALGORITHMS.some((algorithm) => algorithm.name === name);
}

/** Parameters that do not fit an algorithm's list. */
export class ParameterError extends EngineError {}

function checkParameter(parameter: AlgorithmParameter, value: unknown): void {
  const { name } = parameter;
  if (value === null && parameter.default === null) return;
  if (parameter.type === 'string') {
    if (typeof value !== 'string' || !(parameter.values ?? [value]).includes(value)) {
      throw new ParameterError('parameterChoice', {
        parameter: name,
        values: (parameter.values ?? []).join(', '),
      });
    }
    return;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ParameterError('parameterNumber', { parameter: name });
  }
  if (parameter.type === 'integer' && !Number.isInteger(value)) {
    throw new ParameterError('parameterInteger', { parameter: name });
  }
}

/**
 * Checks parameters (e.g. parsed from JSON) against the algorithm's list: known names, right types.
 * `rows` and `seed` belong to sampling and are not fit parameters.
 */
export function parseParameters(options: {
  algorithm: AlgorithmName;
  parameters: unknown;
}): SynthesizerParameters {
  const { algorithm, parameters } = options;
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    throw new ParameterError('parametersObject');
  }
  const known = (ALGORITHMS.find((entry) => entry.name === algorithm)?.parameters ?? []).filter(
    (parameter) => !SAMPLE_PARAMETERS.includes(parameter),
  );
  for (const [name, value] of Object.entries(parameters)) {
    const parameter = known.find((candidate) => candidate.name === name);
    if (!parameter) {
      const names = known.map((candidate) => candidate.name).join(', ') || 'none';
      throw new ParameterError('unknownParameter', {
        algorithm,
        parameter: name,
        parameters: names,
      });
    }
    checkParameter(parameter, value);
  }
  return parameters;
}

/** Fits the named algorithm to a table. */
export function fitSynthesizer(options: {
  algorithm: AlgorithmName;
  table: Table;
  schema: TableSchema;
  parameters?: SynthesizerParameters;
}): Synthesizer {
  const { table, schema, parameters } = options;
  if (options.algorithm === 'gaussian-copula') {
    return fitGaussianCopula({ table, schema, parameters });
  }
  if (options.algorithm === 'bayesian-network') {
    return fitBayesianNetwork({ table, schema, parameters });
  }
  return fitIndependentMarginals({ table, schema });
}

/**
 * The synthesizer a stored model describes, ready to sample without fitting: the same seed gives
 * the same rows as the synthesizer that was saved. An inconsistent model is a `ModelError`.
 */
export function synthesizerFromModel(model: SynthesizerModel): Synthesizer {
  if (model.algorithm === 'gaussian-copula') {
    const marginals = model.columns.filter(
      (column) =>
        column.type === 'numerical' ||
        column.type === 'all-missing' ||
        column.type === 'categorical',
    ).length;
    if (model.lower.length !== marginals ** 2 || model.correlation.length !== marginals ** 2) {
      throw new ModelError('modelCorrelation');
    }
    return buildGaussianCopula(model);
  }
  if (model.algorithm === 'bayesian-network') return buildBayesianNetwork(model);
  return buildIndependentMarginals(model);
}
