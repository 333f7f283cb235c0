import { existsSync } from 'node:fs';
import { evalDataPath } from '@app/engine-kit/testing';

const EVAL_DIR = evalDataPath();

/** The evaluation suite fails at once, saying what it needs, when the shared data is missing. */
export default function requireEvalData(): void {
  if (existsSync(EVAL_DIR)) return;
  throw new Error(
    `The evaluation suite reads the shared evaluation data, expected at ${EVAL_DIR} ` +
      '(a folder "shared/eval" beside the repository, with statements/, categorization/, ' +
      'berka/, synth/ and tab/). Put it there, or run `npm test`, which needs none of it.',
  );
}
