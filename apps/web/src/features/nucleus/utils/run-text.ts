import type { TRun } from '@app/contracts/nucleus';
import type { TFunction } from 'i18next';
import { EXPLAINED_ALGORITHMS, EXPLAINED_PARAMETERS } from './algorithm-parameters';

/** An algorithm's name in the user's language ('—' for a run without one yet). */
export function algorithmName(t: TFunction, algorithm: string | null): string {
  if (algorithm === null) return '—';
  return (EXPLAINED_ALGORITHMS as readonly string[]).includes(algorithm)
    ? t(`nucleus.algorithms.${algorithm}.name`)
    : algorithm;
}

/** What a run is: a synthesis of its file, more rows from another run, or related tables. */
export function runKindText(t: TFunction, run: Pick<TRun, 'kind'>): string {
  switch (run.kind) {
    case 'GENERATE':
      return t('nucleus.kind.GENERATE');
    case 'RELATIONAL':
      return t('nucleus.kind.RELATIONAL');
    default:
      return t('nucleus.kind.SYNTHESIZE');
  }
}

/** A parameter's name in the user's language, where we have words for it. */
export function parameterName(t: TFunction, name: string): string {
  return (EXPLAINED_PARAMETERS as readonly string[]).includes(name)
    ? t(`nucleus.parameters.${name}.label`)
    : name;
}
