import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
type Journal = { entries: { idx: number; tag: string }[] };
const journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
) as Journal;

/** A copy of the migrations folder whose journal stops after the migration numbered `last`. */
function migrationsUpTo(root: string, last: number): string {
  const folder = path.join(root, `up-to-${String(last)}`);
  cpSync(MIGRATIONS, folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx <= last) }),
  );
  return folder;
}

const column = (name: string, isKey = false) => ({ name, type: 'numeric', isKey });
const TEAM = '00000000-0000-4000-8000-000000000001';
const ids = {
  keyed: '00000000-0000-4000-8000-0000000000a1',
  keyDropped: '00000000-0000-4000-8000-0000000000a2',
  noKey: '00000000-0000-4000-8000-0000000000a3',
  draft: '00000000-0000-4000-8000-0000000000a4',
  generated: '00000000-0000-4000-8000-0000000000a5',
  relational: '00000000-0000-4000-8000-0000000000a6',
  relationalGenerated: '00000000-0000-4000-8000-0000000000a7',
};

describe('migration 0021 (a run’s primary key) on a database of 0020 with runs', () => {
  let root: string;
  let client: PGlite;
  let primaryKeys: Map<string, string | null>;

  beforeAll(async () => {
    expect(journal.entries.find((entry) => entry.idx === 21)?.tag).toBe('0021_nucleus_primary_key');
    root = mkdtempSync(path.join(tmpdir(), 'migration-0021-'));
    client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(root, 20) });
    await db.execute(sql`insert into teams (id, name) values (${TEAM}, 'Team')`);
    const run = (
      id: string,
      kind: string,
      fields: {
        profile?: object;
        columnChoices?: object[];
        sourceRunId?: string;
        relational?: object;
      },
    ) => sql`insert into nucleus_runs
        (id, team_id, kind, status, file_name, format, profile, column_choices, source_run_id,
         relational, created_at)
      values (${id}, ${TEAM}, ${kind}, ${fields.profile ? 'DONE' : 'DRAFT'}, 'adult.csv', 'csv',
        ${fields.profile ? JSON.stringify(fields.profile) : null}::jsonb,
        ${fields.columnChoices ? JSON.stringify(fields.columnChoices) : null}::jsonb,
        ${fields.sourceRunId ?? null},
        ${fields.relational ? JSON.stringify(fields.relational) : null}::jsonb, now())`;
    const keyedProfile = { columns: [column('age'), column('person_id', true)] };
    await db.execute(
      run(ids.keyed, 'SYNTHESIZE', {
        profile: keyedProfile,
        columnChoices: [{ name: 'age', action: 'drop' }],
      }),
    );
    await db.execute(
      run(ids.keyDropped, 'SYNTHESIZE', {
        profile: keyedProfile,
        columnChoices: [{ name: 'person_id', action: 'drop' }],
      }),
    );
    await db.execute(run(ids.noKey, 'SYNTHESIZE', { profile: { columns: [column('age')] } }));
    await db.execute(run(ids.draft, 'SYNTHESIZE', {}));
    await db.execute(run(ids.generated, 'GENERATE', { sourceRunId: ids.keyed }));
    await db.execute(
      run(ids.relational, 'RELATIONAL', { relational: { tables: [], relationships: [] } }),
    );
    await db.execute(
      run(ids.relationalGenerated, 'GENERATE', {
        sourceRunId: ids.relational,
        relational: { tables: [], relationships: [] },
      }),
    );
    await migrate(db, { migrationsFolder: migrationsUpTo(root, 21) });
    const result = await db.execute<{ id: string; primary_key: string | null }>(
      sql`select id, primary_key from nucleus_runs`,
    );
    primaryKeys = new Map(result.rows.map((row) => [row.id, row.primary_key]));
  }, 60_000);

  afterAll(async () => {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('gives a run the profile’s key column, unless that column was dropped', () => {
    expect(primaryKeys.get(ids.keyed)).toBe('person_id');
    expect(primaryKeys.get(ids.keyDropped)).toBeNull();
    expect(primaryKeys.get(ids.noKey)).toBeNull();
    expect(primaryKeys.get(ids.draft)).toBeNull();
  });

  it('copies the source’s key to a generation, and none to relational runs', () => {
    expect(primaryKeys.get(ids.generated)).toBe('person_id');
    expect(primaryKeys.get(ids.relational)).toBeNull();
    expect(primaryKeys.get(ids.relationalGenerated)).toBeNull();
    expect(primaryKeys.size).toBe(Object.keys(ids).length);
  });
});
