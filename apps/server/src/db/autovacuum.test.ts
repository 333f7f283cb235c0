import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { checkpointIfWalGrew, startAutovacuum, vacuumGrownTables } from './autovacuum.js';

/**
 * What the planner believes of a table: its rows (-1: never analyzed), and its pages all of
 * whose rows every transaction sees (set by a vacuum; what index-only scans need).
 */
async function plannerView(db: Database, table: string) {
  const result = (await db.execute(
    sql`SELECT reltuples::int AS rows, relallvisible AS "visiblePages" FROM pg_class
      WHERE relname = ${table}`,
  )) as { rows: { rows: number; visiblePages: number }[] };
  return result.rows[0];
}

const addRows = (db: Database, table: string, count: number) =>
  db.execute(
    sql`INSERT INTO ${sql.identifier(table)} (note) SELECT 'row ' || n FROM generate_series(1, ${count}) n`,
  );

describe('the embedded database’s autovacuum', () => {
  let client: PGlite;
  let db: Database;

  beforeEach(async () => {
    client = new PGlite();
    db = drizzle(client) as unknown as Database;
    await db.execute(sql`CREATE TABLE big (id serial PRIMARY KEY, note text NOT NULL)`);
    await db.execute(sql`CREATE TABLE small (id serial PRIMARY KEY, note text NOT NULL)`);
  });

  afterEach(async () => {
    await client.close();
  });

  it('vacuums and analyzes a table that grew and leaves a small one alone', async () => {
    await addRows(db, 'big', 20_000);
    await addRows(db, 'small', 10);
    expect(await plannerView(db, 'big')).toEqual({ rows: -1, visiblePages: 0 });

    expect(await vacuumGrownTables(db)).toEqual(['big']);

    const big = await plannerView(db, 'big');
    expect(big?.rows).toBe(20_000);
    expect(big?.visiblePages).toBeGreaterThan(100);
    expect(await plannerView(db, 'small')).toEqual({ rows: -1, visiblePages: 0 });
  });

  it('comes back to a table once it grew by a tenth', async () => {
    await addRows(db, 'big', 20_000);
    await vacuumGrownTables(db);

    await addRows(db, 'big', 1_000);
    expect(await vacuumGrownTables(db)).toEqual([]);
    expect(await plannerView(db, 'big')).toMatchObject({ rows: 20_000 });

    await addRows(db, 'big', 3_000);
    expect(await vacuumGrownTables(db)).toEqual(['big']);
    expect(await plannerView(db, 'big')).toMatchObject({ rows: 24_000 });
  });

  it('checks on its own until stopped', async () => {
    const autovacuum = startAutovacuum({
      db,
      log: pino({ level: 'silent' }),
      everyMilliseconds: 10,
    });
    await addRows(db, 'big', 20_000);
    await expect.poll(async () => (await plannerView(db, 'big'))?.rows).toBe(20_000);
    await autovacuum.stop();

    await addRows(db, 'big', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await plannerView(db, 'big')).toMatchObject({ rows: 20_000 });
  });

  it('checkpoints once enough WAL was written, on its own too', async () => {
    const redo = async () =>
      (
        (await db.execute(sql`SELECT redo_lsn::text AS lsn FROM pg_control_checkpoint()`)) as {
          rows: { lsn: string }[];
        }
      ).rows[0]?.lsn;
    const before = await redo();
    await addRows(db, 'big', 20_000);
    expect(await checkpointIfWalGrew(db, 64 * 1024 * 1024)).toBe(false);
    expect(await redo()).toBe(before);

    expect(await checkpointIfWalGrew(db, 64 * 1024)).toBe(true);
    const after = await redo();
    expect(after).not.toBe(before);
    expect(await checkpointIfWalGrew(db, 64 * 1024)).toBe(false);

    const autovacuum = startAutovacuum({
      db,
      log: pino({ level: 'silent' }),
      everyMilliseconds: 10,
      checkpointWalBytes: 64 * 1024,
    });
    await addRows(db, 'big', 20_000);
    await expect.poll(redo).not.toBe(after);
    await autovacuum.stop();
  });
});
