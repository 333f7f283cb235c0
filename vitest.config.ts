import { configDefaults, defineConfig } from 'vitest/config';

/** The evaluations over `../shared/eval` are their own suite: `npm run test:eval`. */
const exclude = [...configDefaults.exclude, '**/*.eval.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          exclude,
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'ops',
          include: ['ops/**/*.test.ts'],
          environment: 'node',
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
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
