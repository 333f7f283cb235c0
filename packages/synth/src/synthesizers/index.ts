export { ALGORITHMS, fitSynthesizer, isAlgorithmName } from './algorithms.js';
export type { AlgorithmDescription, AlgorithmName, AlgorithmParameter } from './algorithms.js';
export { fitGaussianCopula } from './gaussian-copula.js';
export type { GaussianCopulaParameters } from './gaussian-copula.js';
export { fitIndependentMarginals } from './independent-marginals.js';
export type { RowBatch, SampleOptions, Synthesizer, SyntheticValue } from './synthesizer.js';
export { writeRows } from './write-rows.js';
export type { OutputFormat } from './write-rows.js';
