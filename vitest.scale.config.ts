import { defineConfig } from 'vitest/config';

/**
 * The scale-out test (`npm run test:scale`): processes of the production build on the
 * machine's PostgreSQL behind nginx. Needs TEST_DATABASE_URL, `npm run build` and nginx.
 */
export default defineConfig({
  test: {
    include: ['apps/server/src/**/*.scale-test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
