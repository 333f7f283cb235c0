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
 * The embedded database (PGlite) runs no autovacuum: left alone, its planner never learns how
 * many rows a table holds or how they spread (with a million transactions a page read in 10 ms
 * with statistics took 1.5 s without, and the CSV ran ten times slower:
 * `bench/financial-viewer.ts`), and the row versions that updates leave behind are never
 * reclaimed. This stands in for it: every 10 s, the tables that grew are vacuumed and
 * analyzed. A PostgreSQL server runs its own.
 */
export function startAutovacuum(options: {
  db: Database;
  log: FastifyBaseLogger;
  everyMilliseconds?: number;
}): { stop(): Promise<void> } {
  const { db, log } = options;
  const everyMilliseconds = options.everyMilliseconds ?? CHECK_EVERY_MILLISECONDS;
  log.info({ everyMilliseconds }, 'autovacuum of the embedded database started');
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    running = vacuumGrownTables(db)
      .then((names) => {
        if (names.length > 0) log.debug({ tables: names }, 'vacuumed the tables that grew');
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'vacuuming the tables that grew failed');
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
