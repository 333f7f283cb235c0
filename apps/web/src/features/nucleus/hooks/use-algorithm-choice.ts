import type { TAlgorithm } from '@app/contracts/nucleus';
import { useState } from 'react';
import { defaultValues, parseParameters } from '../utils/algorithm-parameters';

const PREFERRED_ALGORITHM = 'bayesian-network';

function firstAlgorithm(algorithms: TAlgorithm[]): TAlgorithm | undefined {
  return algorithms.find((algorithm) => algorithm.name === PREFERRED_ALGORITHM) ?? algorithms[0];
}

/**
 * The algorithm a form chooses (the Bayesian network first) and its parameters as typed:
 * `settings` goes to `<AlgorithmSettings>`, `check()` parses them and marks the invalid ones.
 */
export function useAlgorithmChoice(algorithms: TAlgorithm[]) {
  const [algorithm, setAlgorithm] = useState(() => firstAlgorithm(algorithms)?.name ?? '');
  const [values, setValues] = useState(() => {
    const first = firstAlgorithm(algorithms);
    return first === undefined ? {} : defaultValues(first);
  });
  const [invalid, setInvalid] = useState<string[]>([]);
  const chosen = algorithms.find((candidate) => candidate.name === algorithm);

  const check = () => {
    if (chosen === undefined) return null;
    const parsed = parseParameters(chosen, values);
    setInvalid(parsed.invalid);
    return { algorithm: chosen, ...parsed };
  };

  const settings = {
    algorithms,
    algorithm,
    values,
    invalid,
    onAlgorithmChange: (name: string) => {
      setAlgorithm(name);
      const next = algorithms.find((candidate) => candidate.name === name);
      setValues(next === undefined ? {} : defaultValues(next));
      setInvalid([]);
    },
    onValueChange: (name: string, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
    },
  };
  return { settings, check };
}
