import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { analyzeGrownTables, keepStatistics } from './statistics.js';

/** What the planner believes of a table: its rows (-1: never analyzed) and pages. */
async function plannerView(db: Database, table: string) {
  const result = (await db.execute(
    sql`SELECT reltuples::int AS rows, relpages AS pages FROM pg_class WHERE relname = ${table}`,
  )) as { rows: { rows: number; pages: number }[] };
  return result.rows[0];
}

const addRows = (db: Database, table: string, count: number) =>
  db.execute(
    sql`INSERT INTO ${sql.identifier(table)} (note) SELECT 'row ' || n FROM generate_series(1, ${count}) n`,
  );

describe('keeping the embedded database’s planner statistics', () => {
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

  it('analyzes a table that grew and leaves a small one alone', async () => {
    await addRows(db, 'big', 20_000);
    await addRows(db, 'small', 10);
    expect(await plannerView(db, 'big')).toMatchObject({ rows: -1 });

    expect(await analyzeGrownTables(db)).toEqual(['big']);

    expect(await plannerView(db, 'big')).toMatchObject({ rows: 20_000 });
    expect(await plannerView(db, 'small')).toMatchObject({ rows: -1 });
  });

  it('analyzes again only once the table grew by a tenth', async () => {
    await addRows(db, 'big', 20_000);
    await analyzeGrownTables(db);

    await addRows(db, 'big', 1_000);
    expect(await analyzeGrownTables(db)).toEqual([]);
    expect(await plannerView(db, 'big')).toMatchObject({ rows: 20_000 });

    await addRows(db, 'big', 3_000);
    expect(await analyzeGrownTables(db)).toEqual(['big']);
    expect(await plannerView(db, 'big')).toMatchObject({ rows: 24_000 });
  });

  it('checks on its own until stopped', async () => {
    const keeper = keepStatistics({ db, log: pino({ level: 'silent' }), everyMilliseconds: 10 });
    await addRows(db, 'big', 20_000);
    await expect.poll(async () => (await plannerView(db, 'big'))?.rows).toBe(20_000);
    await keeper.stop();

    await addRows(db, 'big', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await plannerView(db, 'big')).toMatchObject({ rows: 20_000 });
  });
});
