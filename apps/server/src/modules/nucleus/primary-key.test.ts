import type { TDataResponse, TRun } from '@app/contracts/nucleus';
import { readCsvTable } from '@app/synth';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nucleusRuns } from '../../db/schema/index.js';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';
import { confirmedRun, getJson, nucleusTeam, startSynthesis } from './nucleus-fixtures.js';

const test = useTestApp();

/** A run's (or a generated run's) synthetic values of one column. */
async function columnOf(session: string, runId: string, column: string): Promise<string[]> {
  const data = await getJson<TDataResponse>(test, session, `/api/sinteza/run/${runId}/data`);
  const file = await test.app.inject({ method: 'GET', url: data.signedUrl });
  expect(file.statusCode).toBe(200);
  const table = readCsvTable(file.body);
  const index = table.columns.indexOf(column);
  expect(index, `no column ${column}`).toBeGreaterThanOrEqual(0);
  return table.rows.map((row) => row[index] ?? '');
}

/** Synthesizes a fresh upload with the given request and runs its job to DONE. */
async function synthesized(session: string, body: Record<string, unknown>) {
  const { runId } = await confirmedRun(test, session);
  const queued = await startSynthesis(test, session, { runId, numRows: 200, ...body });
  expect(queued.statusCode, queued.body).toBe(202);
  await test.app.deps.jobs.runDue();
  const run = await getJson<TRun>(test, session, `/api/sinteza/run/${runId}`);
  expect(run.status, run.errorMessage ?? '').toBe('DONE');
  return runId;
}

async function storedKey(runId: string) {
  const [row] = await test.app.deps.db
    .select({ primaryKey: nucleusRuns.primaryKey })
    .from(nucleusRuns)
    .where(eq(nucleusRuns.id, runId));
  return row?.primaryKey;
}

const isUniqueIntegers = (values: string[]) =>
  values.every((value) => /^\d+$/.test(value)) && new Set(values).size === values.length;

describe('Nucleus single-table primary key', () => {
  it('draws the chosen key column as new unique keys, in the run and in rows generated from its model', async () => {
    const { session } = await nucleusTeam(test);
    // `age` repeats (20 to 69 over 120 rows): modelled as data, its values repeat.
    const modelled = await synthesized(session, {});
    expect(await storedKey(modelled)).toBe('id');
    expect(new Set(await columnOf(session, modelled, 'age')).size).toBeLessThan(100);

    const keyed = await synthesized(session, { primaryKey: 'age' });
    expect(await storedKey(keyed)).toBe('age');
    const ages = await columnOf(session, keyed, 'age');
    expect(ages).toHaveLength(200);
    expect(isUniqueIntegers(ages)).toBe(true);
    expect(ages.every((age) => Number(age) > 69)).toBe(true);

    const more = await test.app.inject({
      method: 'POST',
      url: `/api/sinteza/generate?runId=${keyed}&numRows=150`,
      headers: bearer(session),
    });
    expect(more.statusCode, more.body).toBe(202);
    await test.app.deps.jobs.runDue();
    const generated = more.json<TRun>().id;
    expect(await storedKey(generated)).toBe('age');
    expect(isUniqueIntegers(await columnOf(session, generated, 'age'))).toBe(true);
  });

  it('models the profile’s key column as data when the run has no key and the column another type', async () => {
    const { session } = await nucleusTeam(test);
    const columns = [{ name: 'id', action: 'keep', type: 'numerical' }];
    const keyed = await synthesized(session, { columns });
    expect(Math.min(...(await columnOf(session, keyed, 'id')).map(Number))).toBeGreaterThan(1119);

    const unkeyed = await synthesized(session, { columns, primaryKey: null });
    expect(await storedKey(unkeyed)).toBeNull();
    const ids = (await columnOf(session, unkeyed, 'id')).map(Number);
    expect(ids.every((id) => id >= 1000 && id <= 1119)).toBe(true);
  });

  it('refuses a key that is not a kept column of the file with 400, and the run stays a draft', async () => {
    const { session } = await nucleusTeam(test);
    const { runId } = await confirmedRun(test, session);
    expectAppError(
      await startSynthesis(test, session, { runId, primaryKey: 'nope' }),
      400,
      'VALIDATION',
      'primaryKey',
    );
    expectAppError(
      await startSynthesis(test, session, {
        runId,
        primaryKey: 'age',
        columns: [{ name: 'age', action: 'drop' }],
      }),
      400,
      'VALIDATION',
      'primaryKey',
    );
    expectAppError(
      await startSynthesis(test, session, { runId, primaryKey: '' }),
      400,
      'VALIDATION',
    );
    const run = await getJson<TRun>(test, session, `/api/sinteza/run/${runId}`);
    expect(run.status).toBe('DRAFT');
    expect(await storedKey(runId)).toBeNull();
  });

  it('answers 404 to another team that names the upload, whatever its key', async () => {
    const owner = await nucleusTeam(test);
    const other = await nucleusTeam(test);
    const { runId } = await confirmedRun(test, owner.session);
    expectAppError(
      await startSynthesis(test, other.session, { runId, primaryKey: 'age' }),
      404,
      'NOT_FOUND',
    );
    const run = await getJson<TRun>(test, owner.session, `/api/sinteza/run/${runId}`);
    expect(run.status).toBe('DRAFT');
  });
});
