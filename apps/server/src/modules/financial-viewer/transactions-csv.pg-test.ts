import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/test-app.js';
import { teamWithLongStatement } from './financial-viewer-fixtures.js';
import { streamTransactionsCsv } from './transactions-csv.js';

const test = useTestApp();

function poolOf(): pg.Pool {
  const pool = (test.app.deps.db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('this file runs on PostgreSQL only');
  return pool;
}

function checkedOut(pool: pg.Pool): number {
  return pool.totalCount - pool.idleCount;
}

async function runningCopies(): Promise<number> {
  const result = (await test.app.deps.db.execute(sql`
    SELECT count(*)::int AS count FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'COPY (%'
      AND state <> 'idle'`)) as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}

describe('a CSV download on PostgreSQL cut short mid-stream', () => {
  it('gives its connection back closed, and the pool serves the next downloads', async () => {
    const team = await teamWithLongStatement(test);
    const pool = poolOf();
    const busyBefore = checkedOut(pool);

    // More aborted downloads than the pool has connections (10).
    for (let attempt = 0; attempt < 12; attempt++) {
      const stream = streamTransactionsCsv(test.app.deps.db, {
        teamId: team.teamId,
        language: 'en-US',
        filters: { amountSign: 'all' },
        sortBy: 'valueDate,desc',
        bufferBytes: 1,
      });
      const iterator = stream[Symbol.asyncIterator]();
      await iterator.next(); // the header
      const firstRows = await iterator.next();
      expect(String(firstRows.value)).toMatch(/^\d{2}\/\d{2}\/\d{4};/);
      // The COPY holds a connection while it runs.
      expect(checkedOut(pool)).toBe(busyBefore + 1);
      // What the HTTP server does when the client goes away.
      stream.destroy();
      await expect.poll(() => checkedOut(pool), { interval: 20 }).toBe(busyBefore);
    }
    // Released with an error, each connection was closed rather than reused mid-COPY.
    await expect.poll(runningCopies, { interval: 20 }).toBe(0);

    const whole = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/transaction/filteredCsv',
      headers: bearer(team.session),
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.body.split('\r\n').filter((line) => line !== '')).toHaveLength(
      team.rows.length + team.longRows.length + 1,
    );
    await expect.poll(() => checkedOut(pool), { interval: 20 }).toBe(busyBefore);
    // The download that ran to its end gave its connection back in the pool's date style.
    const styles = await Promise.all(
      Array.from({ length: 10 }, () =>
        pool.query<{ style: string }>("SELECT current_setting('DateStyle') AS style"),
      ),
    );
    expect(new Set(styles.map((result) => result.rows[0]?.style))).toEqual(new Set(['ISO, MDY']));
  });
});
