import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client.js';

/**
 * A table is vacuumed and analyzed again once its file has grown by this share since the last
 * time (autovacuum's own analyze threshold is a tenth of the rows), and by at least
 * `MIN_GROWTH_PAGES`, so small tables are left alone. Updates grow a file too (each writes a
 * new row version), so a table of busy rows is vacuumed as its dead versions pile up.
 */
const GROWTH_SHARE = 0.1;
const MIN_GROWTH_PAGES = 8;
const CHECK_EVERY_MILLISECONDS = 10_000;
/**
 * A checkpoint once this much WAL was written since the last one, about where PostgreSQL's
 * default `max_wal_size` (1 GB) has its checkpointer start one.
 */
const CHECKPOINT_WAL_BYTES = 512 * 1024 * 1024;

/**
 * Vacuums and analyzes the tables of the current schema that grew since they last were;
 * returns their names. The check reads only the catalogue: a millisecond or two. The work
 * took 0.4 s for a million transactions on PGlite, the first time as after an import.
 */
export async function vacuumGrownTables(db: Database): Promise<string[]> {
  const grown = (await db.execute(sql`
    SELECT quote_ident(c.relname) AS name FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname = current_schema()
      AND pg_relation_size(c.oid) / current_setting('block_size')::int
        > greatest(c.relpages, 0) * ${1 + GROWTH_SHARE}::float8 + ${MIN_GROWTH_PAGES}
    ORDER BY c.relname`)) as { rows: { name: string }[] };
  const names = grown.rows.map((row) => row.name);
  if (names.length > 0) await db.execute(sql.raw(`VACUUM (ANALYZE) ${names.join(', ')}`));
  return names;
}

/**
 * Runs a checkpoint when more than `walBytes` of WAL were written since the last one; returns
 * whether it did. Until a checkpoint, the database keeps every WAL file written since the one
 * before (a crash would replay them all), so without one the data folder grows with every
 * write: a million transactions and a few imports left 1.8 GB of WAL. After it, the old files
 * are recycled for the next writes. It writes the changed pages held in memory (up to
 * `shared_buffers`, 128 MB): about 0.3 s for a million small rows on PGlite.
 */
export async function checkpointIfWalGrew(
  db: Database,
  walBytes = CHECKPOINT_WAL_BYTES,
): Promise<boolean> {
  const written = (await db.execute(sql`
    SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 AS bytes
    FROM pg_control_checkpoint()`)) as { rows: { bytes: number }[] };
  if ((written.rows[0]?.bytes ?? 0) <= walBytes) return false;
  await db.execute(sql`CHECKPOINT`);
  return true;
}

/**
 * The embedded database (PGlite) runs no autovacuum and no checkpointer: left alone, its planner never learns how
 * many rows a table holds or how they spread (with a million transactions a page read in 10 ms
 * with statistics took 1.5 s without, and the CSV ran ten times slower:
 * `bench/financial-viewer.ts`), and the row versions that updates leave behind are never
 * reclaimed; and its WAL is kept from the start (`checkpointIfWalGrew`). This stands in for
 * both: every 10 s, the tables that grew are vacuumed and analyzed, and a checkpoint runs
 * once enough WAL was written. A PostgreSQL server runs its own.
 */
export function startAutovacuum(options: {
  db: Database;
  log: FastifyBaseLogger;
  everyMilliseconds?: number;
  checkpointWalBytes?: number;
}): { stop(): Promise<void> } {
  const { db, log } = options;
  const everyMilliseconds = options.everyMilliseconds ?? CHECK_EVERY_MILLISECONDS;
  log.info({ everyMilliseconds }, 'autovacuum of the embedded database started');
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    running = vacuumGrownTables(db)
      .then(async (names) => {
        if (names.length > 0) log.debug({ tables: names }, 'vacuumed the tables that grew');
        if (await checkpointIfWalGrew(db, options.checkpointWalBytes)) {
          log.debug('checkpoint after the WAL grew');
        }
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'vacuuming the tables that grew or checkpointing failed');
      })
      .finally(() => {
        if (timer) timer = setTimeout(tick, everyMilliseconds);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
