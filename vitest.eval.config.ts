import { defineConfig } from 'vitest/config';

/**
 * `npm run test:eval`: the evaluations over the real data in `../shared/eval` (bank
 * statements, labelled descriptions, court texts, tabular sets), apart from `npm test` so that
 * a plain clone's test command needs nothing beside the repository.
 */
export default defineConfig({
  test: {
    name: 'eval',
    include: ['packages/*/src/**/*.eval.test.ts', 'apps/server/src/**/*.eval.test.ts'],
    environment: 'node',
    globalSetup: ['./test/require-eval-data.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
