import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** Throws when the database does not answer. */
export async function pingDatabase(executor: Executor): Promise<void> {
  await executor.execute(sql`select 1`);
}
