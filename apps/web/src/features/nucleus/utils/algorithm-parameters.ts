import type { TAlgorithm } from '@app/contracts/nucleus';

/** Asked elsewhere on the form (rows) or left to the server (seed). */
const FORM_PARAMETERS = new Set(['rows', 'seed']);
/** The parameters we have words for, in the user's language. */
export const EXPLAINED_PARAMETERS = [
  'degree',
  'maxBins',
  'maxCategories',
  'epsilon',
  'marginal',
  'maxKsDistance',
] as const;
export const EXPLAINED_ALGORITHMS = [
  'gaussian-copula',
  'bayesian-network',
  'independent-marginals',
] as const;

export function tunableParameters(algorithm: TAlgorithm) {
  return algorithm.parameters.filter((parameter) => !FORM_PARAMETERS.has(parameter.name));
}

/** The fields' starting text: each parameter's default, empty for none. */
export function defaultValues(algorithm: TAlgorithm): Record<string, string> {
  return Object.fromEntries(
    tunableParameters(algorithm).map((parameter) => [
      parameter.name,
      parameter.default === null ? '' : String(parameter.default),
    ]),
  );
}

/**
 * The typed values to send: an empty field is left out (the engine's default; no `epsilon`
 * means no privacy budget). `invalid` lists fields that are not a number of their type.
 */
export function parseParameters(algorithm: TAlgorithm, values: Record<string, string>) {
  const parameters: Record<string, number | string> = {};
  const invalid: string[] = [];
  for (const parameter of tunableParameters(algorithm)) {
    const text = (values[parameter.name] ?? '').trim();
    if (text === '') continue;
    if (parameter.type === 'string') {
      parameters[parameter.name] = text;
      continue;
    }
    const value = Number(text);
    const isValid =
      Number.isFinite(value) &&
      value > 0 &&
      (parameter.type === 'number' || Number.isInteger(value));
    if (isValid) parameters[parameter.name] = value;
    else invalid.push(parameter.name);
  }
  return { parameters, invalid };
}
