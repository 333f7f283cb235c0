/**
 * Makes the synthetic files of the seeded catalogue (`seed-data/`) again (see
 * `synthetic-seed.ts`) and prints each one's fidelity beside the utility score that
 * `seed-datasets.ts` states. With `--check` it writes nothing and exits 1 when a file or a
 * score differs from the committed one. Needs `../shared/eval` beside the repository.
 *
 *   npx tsx apps/server/src/modules/dataverse/make-synthetic-seed.ts [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SEED_DATASETS } from './seed-datasets.js';
import { makeSyntheticSeedFiles } from './synthetic-seed.js';

const SEED_FOLDER = new URL('./seed-data/', import.meta.url);

const isCheck = process.argv.includes('--check');
let differences = 0;
for (const made of await makeSyntheticSeedFiles()) {
  const path = new URL(made.file, SEED_FOLDER);
  const stated = SEED_DATASETS.find((dataset) => dataset.file === made.file)?.utility?.score;
  const isSame = readFileSync(path, 'utf8') === made.csv;
  if (!isCheck) writeFileSync(path, made.csv);
  if (isCheck && (!isSame || made.fidelity !== stated)) differences += 1;
  console.log(
    `${made.file}: ${String(made.rows)} rows, ${
      isSame ? 'identical to' : isCheck ? 'differs from' : 'replaces'
    } ${fileURLToPath(path)}; fidelity ${String(made.fidelity)} (seed-datasets.ts states ${String(stated)})`,
  );
}
if (differences > 0) process.exitCode = 1;
