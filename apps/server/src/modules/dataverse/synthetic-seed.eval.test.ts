import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_DATASETS } from './seed-datasets.js';
import { makeSyntheticSeedFiles } from './synthetic-seed.js';

describe("the seeded catalogue's synthetic datasets", () => {
  it('are made again byte for byte from the evaluation data, with the utility scores they state', async () => {
    const made = await makeSyntheticSeedFiles();
    const synthetic = SEED_DATASETS.filter((dataset) => dataset.utility !== undefined);
    expect(made.map((file) => file.file)).toEqual(synthetic.map((dataset) => dataset.file));
    for (const file of made) {
      const committed = readFileSync(new URL(`./seed-data/${file.file}`, import.meta.url), 'utf8');
      expect(file.csv === committed, `${file.file} differs from the committed file`).toBe(true);
      const stated = synthetic.find((dataset) => dataset.file === file.file)?.utility?.score;
      expect(file.fidelity).toBe(stated);
    }
  });
});
