import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import type { TestApp } from './test-app.js';

export type SecondWorker = {
  app: Awaited<ReturnType<typeof buildApp>>;
  close: () => Promise<void>;
};

/** A second worker: its own pool on the test's PostgreSQL database, as another process would have. */
export async function openSecondWorker(test: TestApp): Promise<SecondWorker> {
  const result = (await test.app.deps.db.execute(sql`select current_database() as name`)) as {
    rows: { name: string }[];
  };
  const [database] = result.rows;
  if (!database) throw new Error('the test database has no name');
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${database.name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  const app = await buildApp({ config: test.config, db: handle.db, clock: test.clock });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
