export {
  ALGORITHMS,
  fitSynthesizer,
  isAlgorithmName,
  ParameterError,
  parseParameters,
  synthesizerFromModel,
} from './algorithms.js';
export type {
  AlgorithmDescription,
  AlgorithmName,
  AlgorithmParameter,
  SynthesizerParameters,
} from './algorithms.js';
export { fitBayesianNetwork } from './bayesian-network.js';
export type { BayesianNetworkParameters } from './bayesian-network.js';
export { fitGaussianCopula } from './gaussian-copula.js';
export type { GaussianCopulaParameters } from './gaussian-copula.js';
export { fitIndependentMarginals } from './independent-marginals.js';
export { ModelError } from './synthesizer.js';
export type {
  BayesianNetworkModel,
  GaussianCopulaModel,
  IndependentMarginalsModel,
  RowBatch,
  SampleOptions,
  Synthesizer,
  SynthesizerModel,
  SyntheticValue,
} from './synthesizer.js';
export {
  createRowWriter,
  isOutputFormat,
  OUTPUT_FORMATS,
  OutputError,
  writeRows,
  XLSX_MAX_ROWS,
} from './write-rows.js';
export type { OutputFormat, RowWriter, WriteRowsOptions } from './write-rows.js';
