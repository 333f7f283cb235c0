import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../db/client.js';
import { seedCatalogue } from '../modules/catalogue/seed.js';

/** The tables `seedCatalogue` fills, each after those it references. */
const CATALOGUE_TABLES = ['neurons', 'plans', 'prices'] as const;
/** Rows above which a table is truncated rather than deleted from, to leave no dead rows. */
const TRUNCATE_ABOVE_ROWS = 10_000;

type ResetPlan = {
  /** One query giving every other table's row count, counted no further than the threshold. */
  countRows: string;
  /** One query giving each catalogue table's rows as JSON text, in a stable order. */
  readCatalogue: string;
  /** The catalogue as seeded, as `readCatalogue` reads it. */
  seeded?: string[];
};

const plans = new WeakMap<DatabaseHandle, ResetPlan>();

async function rowsOf<Row>(executor: Executor, query: string): Promise<Row[]> {
  const result = (await executor.execute(sql.raw(query))) as { rows: Row[] };
  return result.rows;
}

async function planFor(handle: DatabaseHandle): Promise<ResetPlan> {
  const known = plans.get(handle);
  if (known) return known;
  const tables = await rowsOf<{ tablename: string }>(
    handle.db,
    `select tablename from pg_tables where schemaname = 'public'`,
  );
  const catalogue: readonly string[] = CATALOGUE_TABLES;
  const plan: ResetPlan = {
    countRows: tables
      .map((row) => row.tablename)
      .filter((name) => !catalogue.includes(name))
      .map(
        (name) =>
          `select '${name}' as name, (select count(*) from (select 1 from "${name}" limit ${TRUNCATE_ABOVE_ROWS + 1}) s)::int as rows`,
      )
      .join(' union all '),
    readCatalogue: CATALOGUE_TABLES.map(
      (name, index) =>
        `select ${index} as position, coalesce((select json_agg(t order by t::text) from "${name}" t), '[]')::text as rows`,
    ).join(' union all '),
  };
  plans.set(handle, plan);
  return plan;
}

async function readCatalogue(handle: DatabaseHandle, plan: ResetPlan): Promise<string[]> {
  const rows = await rowsOf<{ position: number; rows: string }>(handle.db, plan.readCatalogue);
  return rows.sort((a, b) => a.position - b.position).map((row) => row.rows);
}

/** Deletes every row of the tables, in any order: foreign keys are not checked meanwhile. */
async function deleteAllRows(handle: DatabaseHandle, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw('SET LOCAL session_replication_role = replica'));
    for (const name of tables) await tx.execute(sql.raw(`DELETE FROM "${name}"`));
  });
}

/**
 * Brings a test database back to a freshly seeded one, as every test of the server's suite
 * starts: empties the tables the last test wrote to and puts the catalogue back as seeded.
 * Truncating every table and seeding again took most of a test's time on PGlite, where each
 * truncated table and index is a new file; a few deletes and, when a test changed the
 * catalogue, three inserts take a fraction of it.
 */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  const plan = await planFor(handle);
  const counts = await rowsOf<{ name: string; rows: number }>(handle.db, plan.countRows);
  const large = counts.filter((table) => table.rows > TRUNCATE_ABOVE_ROWS).map(({ name }) => name);
  if (large.length > 0) {
    await handle.db.execute(
      sql.raw(`TRUNCATE ${large.map((name) => `"${name}"`).join(', ')} CASCADE`),
    );
  }
  await deleteAllRows(
    handle,
    counts.filter((table) => table.rows > 0 && !large.includes(table.name)).map(({ name }) => name),
  );
  const current = await readCatalogue(handle, plan);
  if (plan.seeded?.every((rows, index) => rows === current[index])) return;
  await deleteAllRows(handle, CATALOGUE_TABLES);
  if (plan.seeded) {
    for (const [index, name] of CATALOGUE_TABLES.entries()) {
      await handle.db.execute(
        sql`insert into ${sql.identifier(name)} select * from json_populate_recordset(null::${sql.identifier(name)}, ${plan.seeded[index]}::json)`,
      );
    }
  } else {
    await seedCatalogue(handle.db);
    plan.seeded = await readCatalogue(handle, plan);
  }
}
