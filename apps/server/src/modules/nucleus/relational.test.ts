import type { TDataResponse, TRun, TRunLog } from '@app/contracts/nucleus';
import { readCsvTable, type Table } from '@app/synth';
import { describe, expect, it } from 'vitest';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';
import { getJson, nucleusTeam, confirmedRun } from './nucleus-fixtures.js';
import { bankCsvs, starterTeam, startRelational, uploadBank } from './relational-fixtures.js';
import { tableFileKey } from './table-files.js';
import { nucleusRuns } from '../../db/schema/index.js';

const test = useTestApp();

async function downloadTable(session: string, url: string): Promise<Table> {
  const data = await getJson<TDataResponse>(test, session, url);
  const file = await test.app.inject({ method: 'GET', url: data.signedUrl });
  expect(file.statusCode).toBe(200);
  return readCsvTable(file.body);
}

function column(table: Table, name: string): (string | null)[] {
  const index = table.columns.indexOf(name);
  return table.rows.map((row) => row[index] ?? null);
}

describe('Nucleus relational runs', () => {
  it('synthesizes related tables in one job, every foreign key on a synthetic parent, with data and a report per table', async () => {
    const { session, teamId } = await starterTeam(test);
    const bank = await uploadBank(test, session);
    const queued = await startRelational(test, session, { ...bank, seed: 4 });
    expect(queued.statusCode, queued.body).toBe(202);
    const run = queued.json<TRun>();
    expect(run).toMatchObject({ kind: 'RELATIONAL', status: 'QUEUED' });
    expect(run.tables?.map(({ name, isRoot }) => ({ name, isRoot }))).toEqual([
      { name: 'loans', isRoot: false },
      { name: 'accounts', isRoot: true },
      { name: 'trans', isRoot: false },
    ]);
    await test.app.deps.jobs.runDue();
    const url = `/api/sinteza/run/${run.id}`;
    const done = await getJson<TRun>(test, session, url);
    expect(done.status, done.errorMessage ?? '').toBe('DONE');

    const accounts = await downloadTable(session, `${url}/data?table=accounts`);
    const loans = await downloadTable(session, `${url}/data?table=loans`);
    const trans = await downloadTable(session, `${url}/data?table=trans`);
    expect(accounts.rows).toHaveLength(60);
    expect(trans.columns).toEqual(['trans_id', 'account_id', 'type', 'amount', 'balance']);
    const accountIds = new Set(column(accounts, 'account_id'));
    expect(accountIds.size).toBe(accounts.rows.length);
    const realIds = new Set(readCsvTable(bankCsvs().accounts).rows.map((row) => row[0]));
    expect([...accountIds].some((id) => realIds.has(id))).toBe(false);
    expect(loans.rows.length).toBeGreaterThan(0);
    expect(column(loans, 'account_id').every((id) => accountIds.has(id))).toBe(true);
    expect(trans.rows.length).toBeGreaterThan(accounts.rows.length);
    expect(column(trans, 'account_id').every((id) => accountIds.has(id))).toBe(true);

    const report = await getJson<{
      overall: number;
      mlEfficacy: unknown;
      evaluation: { holdoutRows: number; holdoutGap: string };
    }>(test, session, `${url}/report?table=trans`);
    expect(report.overall).toBeGreaterThan(0);
    expect(report.evaluation).toMatchObject({ holdoutRows: 0, holdoutGap: 'relational' });
    expect(report.mlEfficacy).toBeNull();
    const parquet = await getJson<TDataResponse>(
      test,
      session,
      `${url}/data?table=loans&format=parquet`,
    );
    expect(parquet.format).toBe('parquet');
    expectAppError(
      await test.app.inject({ method: 'GET', url: `${url}/data`, headers: bearer(session) }),
      400,
      'VALIDATION',
      'table',
    );
    expectAppError(
      await test.app.inject({
        method: 'GET',
        url: `${url}/report?table=cards`,
        headers: bearer(session),
      }),
      400,
      'VALIDATION',
      'table',
    );
    const key = tableFileKey({ teamId, id: run.id }, 'loans', 'data.csv');
    expect(await test.app.deps.storage.has(key)).toBe(true);

    // Each table's rows and score as values the web app words, not an English list.
    const logs = await getJson<TRunLog[]>(test, session, `${url}/logs`);
    const fitted = logs.find((log) => log.code === 'fittedTables');
    expect(fitted?.params?.counts).toEqual([
      { table: 'accounts', value: 60 },
      { table: 'loans', value: loans.rows.length },
      { table: 'trans', value: trans.rows.length },
    ]);
    const scores = logs.at(-1)?.params?.scores;
    expect(Array.isArray(scores) ? scores.map((entry) => entry.table) : scores).toEqual([
      'accounts',
      'loans',
      'trans',
    ]);
    const deleted = await test.app.inject({ method: 'DELETE', url, headers: bearer(session) });
    expect(deleted.statusCode).toBe(204);
    expect(await test.app.deps.storage.has(key)).toBe(false);
    expect(await test.app.deps.storage.has(key.replace('data.csv', 'data.parquet'))).toBe(false);
  });

  it('generates every table again from the stored model, keys consistent, the root table at numRows or all at a scale', async () => {
    const { session, teamId } = await starterTeam(test);
    const bank = await uploadBank(test, session);
    const queued = await startRelational(test, session, { ...bank, seed: 4 });
    await test.app.deps.jobs.runDue();
    const source = queued.json<TRun>();
    const generate = (query: string) =>
      test.app.inject({
        method: 'POST',
        url: `/api/sinteza/generate?runId=${source.id}&${query}`,
        headers: bearer(session),
      });

    const byRows = await generate('numRows=150');
    expect(byRows.statusCode, byRows.body).toBe(202);
    expect(byRows.json<TRun>()).toMatchObject({ kind: 'GENERATE', sourceRunId: source.id });
    expect(byRows.json<TRun>().tables?.map((table) => table.name)).toEqual([
      'loans',
      'accounts',
      'trans',
    ]);
    await test.app.deps.jobs.runDue();
    const url = `/api/sinteza/run/${byRows.json<TRun>().id}`;
    const done = await getJson<TRun>(test, session, url);
    expect(done.status, done.errorMessage ?? '').toBe('DONE');
    const logs = await getJson<{ message: string }[]>(test, session, `${url}/logs`);
    expect(logs.some((log) => /^Fitted/.test(log.message))).toBe(false);
    const accounts = await downloadTable(session, `${url}/data?table=accounts`);
    const loans = await downloadTable(session, `${url}/data?table=loans`);
    const trans = await downloadTable(session, `${url}/data?table=trans`);
    expect(accounts.rows).toHaveLength(150);
    const accountIds = new Set(column(accounts, 'account_id'));
    expect(accountIds.size).toBe(150);
    expect(column(loans, 'account_id').every((id) => accountIds.has(id))).toBe(true);
    expect(column(trans, 'account_id').every((id) => accountIds.has(id))).toBe(true);
    expect(trans.rows.length).toBeGreaterThan(150);
    const report = await getJson<{
      overall: number;
      mlEfficacy: unknown;
      evaluation: { holdoutRows: number; holdoutGap: string };
    }>(test, session, `${url}/report?table=trans`);
    expect(report.overall).toBeGreaterThan(0);
    expect(report.evaluation).toMatchObject({ holdoutRows: 0, holdoutGap: 'relational' });
    expect(report.mlEfficacy).toBeNull();

    const byScale = await generate('scale=0.5');
    expect(byScale.statusCode, byScale.body).toBe(202);
    await test.app.deps.jobs.runDue();
    const half = `/api/sinteza/run/${byScale.json<TRun>().id}`;
    expect((await getJson<TRun>(test, session, half)).status).toBe('DONE');
    expect((await downloadTable(session, `${half}/data?table=accounts`)).rows).toHaveLength(30);

    const accountsUpload = bank.tables[1]?.runId ?? '';
    await test.app.deps.storage.delete(`nucleus/${teamId}/runs/${accountsUpload}/upload`);
    const withoutUpload = await generate('scale=1');
    await test.app.deps.jobs.runDue();
    const third = `/api/sinteza/run/${withoutUpload.json<TRun>().id}`;
    expect((await getJson<TRun>(test, session, third)).status).toBe('DONE');
    expect((await downloadTable(session, `${third}/data?table=accounts`)).rows).toHaveLength(60);
    expectAppError(
      await test.app.inject({
        method: 'GET',
        url: `${third}/report?table=accounts`,
        headers: bearer(session),
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('synthesizes a table with no key (primaryKey null), its foreign key still on a synthetic parent', async () => {
    const { session } = await starterTeam(test);
    const bank = await uploadBank(test, session);
    const [loans, accounts, trans] = bank.tables;
    const keyless = { ...trans, primaryKey: null, columns: [{ name: 'trans_id', action: 'drop' }] };
    const queued = await startRelational(test, session, {
      ...bank,
      tables: [loans, accounts, keyless],
      seed: 4,
    });
    expect(queued.statusCode, queued.body).toBe(202);
    await test.app.deps.jobs.runDue();
    const url = `/api/sinteza/run/${queued.json<TRun>().id}`;
    const done = await getJson<TRun>(test, session, url);
    expect(done.status, done.errorMessage ?? '').toBe('DONE');
    const syntheticAccounts = await downloadTable(session, `${url}/data?table=accounts`);
    const syntheticTrans = await downloadTable(session, `${url}/data?table=trans`);
    expect(syntheticTrans.columns).toEqual(['account_id', 'type', 'amount', 'balance']);
    expect(syntheticTrans.rows.length).toBeGreaterThan(syntheticAccounts.rows.length);
    const accountIds = new Set(column(syntheticAccounts, 'account_id'));
    expect(column(syntheticTrans, 'account_id').every((id) => accountIds.has(id))).toBe(true);

    const more = await test.app.inject({
      method: 'POST',
      url: `/api/sinteza/generate?runId=${done.id}&numRows=90`,
      headers: bearer(session),
    });
    expect(more.statusCode, more.body).toBe(202);
    await test.app.deps.jobs.runDue();
    const moreUrl = `/api/sinteza/run/${more.json<TRun>().id}`;
    expect((await getJson<TRun>(test, session, moreUrl)).status).toBe('DONE');
    const moreAccounts = await downloadTable(session, `${moreUrl}/data?table=accounts`);
    const moreTrans = await downloadTable(session, `${moreUrl}/data?table=trans`);
    expect(moreAccounts.rows).toHaveLength(90);
    const moreIds = new Set(column(moreAccounts, 'account_id'));
    expect(column(moreTrans, 'account_id').every((id) => moreIds.has(id))).toBe(true);
    const report = await getJson<{ overall: number }>(
      test,
      session,
      `${moreUrl}/report?table=trans`,
    );
    expect(report.overall).toBeGreaterThan(0);

    const keylessParent = await startRelational(test, session, {
      ...bank,
      tables: [loans, { ...accounts, primaryKey: null }, trans],
    });
    expectAppError(keylessParent, 400, 'VALIDATION', 'relationships');
  });

  it('refuses a generate call with neither or both of numRows and scale, or past the plan’s rows', async () => {
    const { session } = await starterTeam(test);
    const bank = await uploadBank(test, session);
    const source = (await startRelational(test, session, bank)).json<TRun>();
    await test.app.deps.jobs.runDue();
    for (const query of ['', '&numRows=10&scale=2', '&scale=0', '&scale=101']) {
      expectAppError(
        await test.app.inject({
          method: 'POST',
          url: `/api/sinteza/generate?runId=${source.id}${query}`,
          headers: bearer(session),
        }),
        400,
        'VALIDATION',
      );
    }
    const tooMany = await test.app.inject({
      method: 'POST',
      url: `/api/sinteza/generate?runId=${source.id}&numRows=50000`,
      headers: bearer(session),
    });
    expectAppError(tooMany, 422, 'PLAN_EXCEEDED');
  });

  it('refuses a relational run that would pass the plan’s rows per month', async () => {
    const { session, teamId } = await starterTeam(test);
    const bank = await uploadBank(test, session);
    const now = test.clock.now();
    await test.app.deps.db.insert(nucleusRuns).values({
      teamId,
      kind: 'SYNTHESIZE',
      status: 'DONE',
      fileName: 'old.csv',
      format: 'csv',
      numRows: 999_990,
      createdAt: now,
      queuedAt: now,
    });
    const refused = await startRelational(test, session, bank);
    expectAppError(refused, 422, 'PLAN_EXCEEDED');
    expect(refused.json<{ error: { fields: { limit: string } } }>().error.fields.limit).toBe(
      'monthlyRowLimit',
    );
  });

  it('refuses unknown columns, links to a table not in the run and cycles with 400', async () => {
    const { session } = await starterTeam(test);
    const bank = await uploadBank(test, session);
    const [loans, accounts, trans] = bank.tables;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...bank, tables: [{ ...loans, primaryKey: 'loan_number' }, accounts, trans] }, 'tables'],
      [
        {
          ...bank,
          tables: [{ ...loans, columns: [{ name: 'rate', action: 'drop' }] }, accounts, trans],
        },
        'tables',
      ],
      [
        { ...bank, relationships: [{ parent: 'accounts', child: 'loans', foreignKey: 'acct' }] },
        'relationships',
      ],
      [
        { ...bank, relationships: [{ parent: 'cards', child: 'loans', foreignKey: 'account_id' }] },
        'relationships',
      ],
      [
        {
          ...bank,
          relationships: [
            { parent: 'accounts', child: 'loans', foreignKey: 'account_id' },
            { parent: 'loans', child: 'accounts', foreignKey: 'account_id' },
          ],
        },
        'relationships',
      ],
      [{ ...bank, tables: [loans, { ...accounts, name: 'loans' }, trans] }, 'tables'],
    ];
    for (const [body, field] of cases) {
      expectAppError(await startRelational(test, session, body), 400, 'VALIDATION', field);
    }
  });

  it('answers 404 for another team’s upload, and refuses more tables than the plan’s datasets per run', async () => {
    const owner = await starterTeam(test);
    const bank = await uploadBank(test, owner.session);
    const other = await starterTeam(test);
    const own = await confirmedRun(test, other.session, bankCsvs().accounts);
    const [loans, accounts] = bank.tables;
    const mixed = {
      tables: [loans, { ...accounts, runId: own.runId }],
      relationships: [{ parent: 'accounts', child: 'loans', foreignKey: 'account_id' }],
    };
    expectAppError(await startRelational(test, other.session, mixed), 404, 'NOT_FOUND');

    const extra = await confirmedRun(test, owner.session, bankCsvs().trans);
    const four = { ...bank, tables: [...bank.tables, { runId: extra.runId, name: 'trans2' }] };
    const refused = await startRelational(test, owner.session, four);
    expectAppError(refused, 422, 'PLAN_EXCEEDED');
    const { error } = refused.json<{ error: { message: string; fields: { limit: string } } }>();
    expect(error.message).toContain('4 tables and the plan takes up to 3 datasets per run');
    expect(error.fields.limit).toBe('datasetPerRun');
    const free = await nucleusTeam(test);
    const two = await startRelational(test, free.session, {
      tables: [loans, accounts],
      relationships: [{ parent: 'accounts', child: 'loans', foreignKey: 'account_id' }],
    });
    expectAppError(two, 422, 'PLAN_EXCEEDED');
  });
});
