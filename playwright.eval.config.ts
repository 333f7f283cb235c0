import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { requireEvalFiles } from './test/require-eval-data';

// Checked before the server starts, so a clone without the data stops at once.
requireEvalFiles({
  files: [
    'synth/adult.csv',
    'berka/account_50.csv',
    'berka/trans_50_accounts.csv',
    'statements/manifest.json',
    'statements/es_ing_xls.xls',
    'statements/es_openbank_csv_b.csv',
  ],
  instead: 'npm run test:e2e',
});

/**
 * `npm run test:e2e:eval`: the journeys over the real data in `../shared/eval` (`*.eval.spec.ts`),
 * with the journeys' browser and server, apart from `npm run test:e2e` so that a plain clone's
 * journeys need nothing beside the repository.
 */
export default defineConfig(base, {
  testMatch: '**/*.eval.spec.ts',
  testIgnore: [],
  outputDir: 'test-results/eval',
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'reports/e2e-eval.json' }]] : 'list',
});
