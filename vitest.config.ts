import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** The evaluations over `../shared/eval` are their own suite: `npm run test:eval`. */
const exclude = [...configDefaults.exclude, '**/*.eval.test.ts'];
/** On PostgreSQL, one database migrated per run that each test file's database copies. */
const globalSetup = ['./apps/server/src/test/postgres-template.ts'];
/**
 * `expect.poll` gives up after 1 s by default: far too soon for a job or a database on a loaded
 * two-core machine, so that no test depends on the machine's speed (the web's `asyncUtilTimeout`).
 */
const expectOptions = { poll: { timeout: 15_000 } };

export default defineConfig({
  test: {
    // Vitest keeps a core for itself by default, which is one worker on CI's two cores; the
    // tests wait on their databases and the engines' threads enough that a worker per core
    // runs the suite faster (302 s on two cores; one worker had taken 791 s under more load).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          exclude,
          environment: 'node',
          testTimeout: 30_000,
          expect: expectOptions,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude,
          environment: 'node',
          globalSetup,
          // A worker's files share one module graph and hand their migrated embedded
          // databases on (apps/server/src/test/test-app.ts): each file starts in milliseconds, not seconds.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: expectOptions,
        },
      },
      {
        test: {
          name: 'ops',
          include: ['ops/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          expect: expectOptions,
        },
      },
      'apps/web/vite.config.ts',
      // Tests that need a PostgreSQL server (several processes on one database) exist only
      // when one is given: `npm run test:pg` with TEST_DATABASE_URL.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-pg',
                include: ['apps/server/src/**/*.pg-test.ts'],
                environment: 'node',
                globalSetup,
                testTimeout: 60_000,
                hookTimeout: 60_000,
                expect: expectOptions,
              },
            },
          ]
        : []),
    ],
  },
});
