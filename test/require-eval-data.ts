import { existsSync } from 'node:fs';
import path from 'node:path';
import { evalDataPath } from '@app/engine-kit/testing';

/** `../shared/eval`: the real data beside the repository. */
export const EVAL_DIR = evalDataPath();

/**
 * Throws at once, naming what is missing and the command that needs none of it, when the
 * shared evaluation data or one of `files` (paths inside it) is not there.
 */
export function requireEvalFiles(options: { files: readonly string[]; instead: string }): void {
  const missing = existsSync(EVAL_DIR)
    ? options.files.map((file) => path.join(EVAL_DIR, file)).filter((file) => !existsSync(file))
    : [EVAL_DIR];
  if (missing.length === 0) return;
  throw new Error(
    `The evaluation suite reads the shared evaluation data, expected at ${EVAL_DIR} ` +
      '(a folder "shared/eval" beside the repository, with statements/, categorization/, ' +
      `berka/, synth/ and tab/); missing: ${missing.join(', ')}. Put it there, or run ` +
      `\`${options.instead}\`, which needs none of it.`,
  );
}

/** The evaluation suite fails at once, saying what it needs, when the shared data is missing. */
export default function requireEvalData(): void {
  requireEvalFiles({ files: [], instead: 'npm test' });
}
