import type { TAlgorithm } from '@app/contracts/nucleus';
import { VALIDATION } from '@app/contracts/common';
import type { z } from 'zod';
import { defaultValues, parseParameters } from './algorithm-parameters';

const PREFERRED_ALGORITHM = 'bayesian-network';

/** The algorithm a form chooses and its parameters as typed. */
export type AlgorithmValues = { algorithm: string; parameters: Record<string, string> };

/** The Bayesian network first (or the first there is), with its parameters' defaults. */
export function initialAlgorithmValues(algorithms: TAlgorithm[]): AlgorithmValues {
  const first =
    algorithms.find((algorithm) => algorithm.name === PREFERRED_ALGORITHM) ?? algorithms[0];
  return {
    algorithm: first?.name ?? '',
    parameters: first === undefined ? {} : defaultValues(first),
  };
}

/**
 * The chosen algorithm and its typed parameters, for a form's schema: a parameter that is not a
 * number of its type is refused on its own field.
 */
export function readAlgorithmChoice(
  algorithms: TAlgorithm[],
  values: AlgorithmValues,
  context: z.RefinementCtx,
) {
  const chosen = algorithms.find((candidate) => candidate.name === values.algorithm);
  if (chosen === undefined) {
    context.addIssue({ code: 'custom', path: ['algorithm'], message: VALIDATION.required });
    return null;
  }
  const { parameters, invalid } = parseParameters(chosen, values.parameters);
  for (const name of invalid) {
    const message = 'nucleus.parameters.invalid';
    context.addIssue({ code: 'custom', path: ['parameters', name], message });
  }
  return invalid.length > 0 ? null : { algorithm: chosen.name, parameters };
}
