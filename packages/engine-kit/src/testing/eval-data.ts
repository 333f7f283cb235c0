import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** A file of the shared evaluation data, which sits beside the repository (`../shared/eval`). */
export function evalDataPath(...parts: string[]): string {
  return path.resolve(REPO_ROOT, '../shared/eval', ...parts);
}
