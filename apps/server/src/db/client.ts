import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories accept either, so a service can pass its open transaction down. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The server's address, for a PostgreSQL database. */
  url?: string;
  close(): Promise<void>;
};

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Whether the database has every migration of this build, the way drizzle's migrator decides:
 * the last one applied is at least as recent as the last in the journal.
 */
export async function isMigrated(executor: Executor): Promise<boolean> {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const latest = Math.max(...journal.entries.map((entry) => entry.when));
  const result = (await executor.execute(
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  )) as { rows: { last: string | number | null }[] };
  return Number(result.rows[0]?.last ?? 0) >= latest;
}

export type OpenDatabaseOptions = {
  /** `postgres://…` for a server; otherwise PGlite in `dataDir` (or in memory when absent). */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
};

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      url: options.databaseUrl,
      close: () => pool.end(),
    };
  }
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  try {
    // pg_trgm serves the Dataverse search (migration 0014 creates it); PGlite loads it here.
    const extensions = { pg_trgm };
    const client = options.dataDir
      ? new PGlite(path.join(options.dataDir, 'pgdata'), { extensions })
      : new PGlite({ extensions });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock between processes: two on one folder lose writes. The first process
 * takes `server.lock`; a lock left by a process that is gone is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'server.lock');
  try {
    closeSync(openSync(lockFile, 'wx'));
  } catch {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `${dataDir} is in use by process ${holder}. Stop it first, or set DATABASE_URL to share a PostgreSQL server.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => {
    rmSync(lockFile, { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
