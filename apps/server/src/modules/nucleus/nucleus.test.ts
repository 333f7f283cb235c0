import type {
  TAlgorithm,
  TDataProfile,
  TDataResponse,
  TGenerationStatus,
  TLimitsResponse,
  TRun,
  TRunLog,
  TRunsResponse,
  TUsageStatistics,
} from '@app/contracts/nucleus';
import { Writable } from 'node:stream';
import { convertTable, readCsvTable } from '@app/synth';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, nucleusRuns } from '../../db/schema/index.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { runFileKey } from './files.js';
import {
  confirmedRun,
  customersCsv,
  finishedRun,
  getJson,
  nucleusTeam,
  startSynthesis,
  uploadFile,
} from './nucleus-fixtures.js';
import { MAX_RUN_ATTEMPTS, STALL_MILLISECONDS, SYNTHESIS_JOB } from './run-job.js';

const test = useTestApp();

function call(
  session: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return test.app.inject({
    method,
    url,
    headers: bearer(session),
    ...(payload ? { payload } : {}),
  });
}

async function download(url: string): Promise<string> {
  const response = await test.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** The plan limit a 422 PLAN_EXCEEDED names for the web app. */
function limitOf(response: { json: () => unknown }): string | undefined {
  const body = response.json() as { error: { fields?: { limit?: string } } };
  return body.error.fields?.limit;
}

describe('Nucleus (Sinteza) runs', () => {
  it('refuses a team without a Nucleus subscription with 402, and lists algorithms to anyone signed in', async () => {
    const user = await signUpConfirmed(test);
    for (const [method, url] of [
      ['POST', '/api/sinteza/run/url?fileName=a.csv'],
      ['GET', '/api/sinteza/runs'],
      ['GET', '/api/sinteza/limits'],
      ['GET', '/api/sinteza/usage/statistics'],
    ] as const) {
      expectAppError(await call(user.token, method, url), 402, 'SUBSCRIPTION_REQUIRED');
    }
    const algorithms = await getJson<TAlgorithm[]>(test, user.token, '/api/sinteza/algorithms');
    expect(algorithms.map((algorithm) => algorithm.name)).toEqual([
      'gaussian-copula',
      'bayesian-network',
      'independent-marginals',
    ]);
    const network = algorithms.find((algorithm) => algorithm.name === 'bayesian-network');
    expect(network?.hasPrivacyBudget).toBe(true);
    expect(network?.parameters.map((parameter) => parameter.name)).toContain('epsilon');
  });

  it('keeps a compact distribution per column in the profile, none for personal data or keys', async () => {
    const { session } = await nucleusTeam(test);
    const profile = await confirmedRun(test, session);
    const byName = new Map(profile.columns.map((column) => [column.name, column]));
    const age = byName.get('age')?.distribution;
    expect(age).toMatchObject({ kind: 'histogram', scale: 'number' });
    if (age?.kind !== 'histogram') throw new Error('age has no histogram');
    expect(age.bins.length).toBeGreaterThan(1);
    expect(age.bins.length).toBeLessThanOrEqual(20);
    expect(age.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(120);
    expect(byName.get('signup_date')?.distribution).toMatchObject({
      kind: 'histogram',
      scale: 'datetime',
    });
    const city = byName.get('city')?.distribution;
    if (city?.kind !== 'categories') throw new Error('city has no categories');
    expect(city.values.map((entry) => entry.value).sort()).toEqual([
      'Barcelona',
      'Bilbao',
      'Madrid',
      'Sevilla',
      'Valencia',
    ]);
    expect(city.values.reduce((sum, entry) => sum + entry.count, 0)).toBe(120);
    expect(city.otherCount).toBe(0);
    expect(byName.get('email')?.distribution).toBeNull();
    expect(byName.get('id')?.distribution).toBeNull();
  });

  it('uploads, profiles, synthesizes in a job and serves the report and the data', async () => {
    const { session } = await nucleusTeam(test);
    const profile = await confirmedRun(test, session);
    expect(profile).toMatchObject({ rowCount: 120, columnCount: 7, format: 'csv' });
    const email = profile.columns.find((column) => column.name === 'email');
    expect(email).toMatchObject({ personalData: 'email', missing: 0, distinct: 120 });
    expect(profile.columns.find((column) => column.name === 'id')?.isKey).toBe(true);
    const again = await call(session, 'POST', '/api/sinteza/dataprofiling', {
      runId: profile.runId,
    });
    expect(again.json<TDataProfile>()).toEqual(profile);

    const queued = await startSynthesis(test, session, {
      runId: profile.runId,
      algorithm: 'bayesian-network',
      parameters: { epsilon: 1 },
      numRows: 60,
      seed: 7,
      columns: [
        { name: 'signup_date', action: 'drop' },
        { name: 'name', action: 'replace' },
      ],
    });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json<TRun>()).toMatchObject({ status: 'QUEUED', numRows: 60 });

    expect(await test.app.deps.jobs.runDue()).toBeGreaterThan(0);
    const url = `/api/sinteza/run/${profile.runId}`;
    const status = await getJson<TGenerationStatus>(test, session, `${url}/generate/status`);
    expect(status).toMatchObject({ generationStatus: 'DONE', progress: 100, errorMessage: null });
    const logs = await getJson<TRunLog[]>(test, session, `${url}/logs`);
    expect(logs.map((entry) => entry.message).join('\n')).toMatch(
      /Queued[\s\S]*Started[\s\S]*Done/,
    );
    // Each entry is stored as a code with its values (worded by the web app), beside its English.
    expect(logs.map((entry) => entry.code)).toEqual([
      'uploaded',
      'queued',
      'started',
      'fitting',
      'fitted',
      'reporting',
      'doneScore',
    ]);
    expect(logs[1]).toMatchObject({
      message: 'Queued: bayesian-network, 60 rows.',
      params: { algorithm: 'bayesian-network', rows: 60 },
    });
    const report = await getJson<{ overall: number }>(test, session, `${url}/report`);
    expect(report.overall).toBeGreaterThan(0);

    const data = await getJson<TDataResponse>(test, session, `${url}/data?format=csv`);
    const lines = (await download(data.signedUrl)).trim().split('\n');
    expect(lines[0]).toBe('id,name,email,age,city,spend');
    expect(lines).toHaveLength(61);
    expect(lines.slice(1).some((line) => line.includes('Marta'))).toBe(false);
    const jsonl = await call(session, 'PUT', `${url}/change/format`, { format: 'jsonl' });
    expect(jsonl.statusCode, jsonl.body).toBe(200);
    const rows = (await download(jsonl.json<TDataResponse>().signedUrl)).trim().split('\n');
    expect(rows).toHaveLength(60);
    expect(Object.keys(JSON.parse(rows[0] ?? '{}') as object)).toContain('spend');

    test.clock.advance(1000);
    const more = await call(
      session,
      'POST',
      `/api/sinteza/generate?runId=${profile.runId}&numRows=25`,
    );
    expect(more.statusCode, more.body).toBe(202);
    const generated = more.json<TRun>();
    expect(generated).toMatchObject({ kind: 'GENERATE', sourceRunId: profile.runId });
    await test.app.deps.jobs.runDue();
    const moreData = await getJson<TDataResponse>(
      test,
      session,
      `/api/sinteza/run/${generated.id}/data`,
    );
    expect((await download(moreData.signedUrl)).trim().split('\n')).toHaveLength(26);

    const runs = await getJson<TRunsResponse>(test, session, '/api/sinteza/runs?status=DONE');
    expect(runs.items.map((item) => item.id)).toEqual([generated.id, profile.runId]);
    const usage = await getJson<TUsageStatistics>(test, session, '/api/sinteza/usage/statistics');
    expect(usage).toMatchObject({
      runs: 2,
      rows: 85,
      runLimit: 10,
      monthlyRowLimit: 50_000,
      activeJobs: 0,
    });
    const limits = await getJson<TLimitsResponse>(test, session, '/api/sinteza/limits');
    expect(limits).toMatchObject({
      planCode: 'FREE',
      rowLimit: 10_000,
      columnLimit: 20,
      monthlyRowLimit: 50_000,
    });
  });

  it('reads Excel and Parquet uploads as the engine does', async () => {
    const { session } = await nucleusTeam(test);
    const table = readCsvTable(customersCsv(40));
    for (const format of ['xlsx', 'parquet'] as const) {
      const chunks: Buffer[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      await convertTable({ table, format, stream });
      const { runId } = await uploadFile(test, session, {
        fileName: `customers.${format}`,
        body: Buffer.concat(chunks),
      });
      const confirm = await call(session, 'PUT', `/api/sinteza/run/${runId}/url/confirm`);
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(confirm.json<TDataProfile>()).toMatchObject({ format, rowCount: 40, columnCount: 7 });
    }
  });

  it('refuses a file that is not a table, a missing file and a forged upload address', async () => {
    const { session } = await nucleusTeam(test);
    expectAppError(
      await call(session, 'POST', '/api/sinteza/run/url?fileName=notes.txt'),
      400,
      'VALIDATION',
    );
    const empty = await call(session, 'POST', '/api/sinteza/run/url?fileName=empty.csv');
    const emptyRun = empty.json<{ runId: string; signedUrl: string }>();
    expectAppError(
      await call(session, 'PUT', `/api/sinteza/run/${emptyRun.runId}/url/confirm`),
      400,
      'VALIDATION',
      'file',
    );
    const forged = await test.app.inject({
      method: 'PUT',
      url: emptyRun.signedUrl.replace(/signature=[^&]+/, 'signature=forged'),
      payload: 'a,b\n1,2\n',
      headers: { 'content-type': 'text/csv' },
    });
    expectAppError(forged, 403, 'FORBIDDEN');

    const { runId } = await uploadFile(test, session, {
      fileName: 'broken.xlsx',
      body: Buffer.from('this is no spreadsheet at all'),
    });
    expectAppError(
      await call(session, 'PUT', `/api/sinteza/run/${runId}/url/confirm`),
      400,
      'VALIDATION',
      'file',
    );
    const ragged = await uploadFile(test, session, { body: 'a,b\n1,2,3\n' });
    expectAppError(
      await call(session, 'PUT', `/api/sinteza/run/${ragged.runId}/url/confirm`),
      400,
      'VALIDATION',
    );
    const run = await getJson<TRun>(test, session, `/api/sinteza/run/${ragged.runId}`);
    expect(run).toMatchObject({ status: 'DRAFT', isProfiled: false });
  });

  it('refuses bad parameters and unknown columns with 400', async () => {
    const { session } = await nucleusTeam(test);
    const { runId } = await confirmedRun(test, session);
    expectAppError(
      await startSynthesis(test, session, { runId, parameters: { epsilon: 1 } }),
      400,
      'VALIDATION',
      'parameters',
    );
    expectAppError(
      await startSynthesis(test, session, { runId, columns: [{ name: 'nope', action: 'drop' }] }),
      400,
      'VALIDATION',
      'columns',
    );
  });

  it('enforces the plan: columns and rows per run, concurrent jobs, runs per month', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const wide = await confirmedRun(test, session, customersCsv(30, { extraColumns: 14 }));
    const tooWide = await startSynthesis(test, session, { runId: wide.runId });
    expectAppError(tooWide, 422, 'PLAN_EXCEEDED');
    expect(tooWide.json<{ error: { message: string } }>().error.message).toContain(
      '21 columns and the plan takes up to 20 columns',
    );
    expect(limitOf(tooWide)).toBe('columnLimit');
    const narrowed = await startSynthesis(test, session, {
      runId: wide.runId,
      columns: [{ name: 'x0', action: 'drop' }],
      numRows: 10_001,
    });
    expectAppError(narrowed, 422, 'PLAN_EXCEEDED');
    expect(narrowed.json<{ error: { message: string } }>().error.message).toContain(
      'up to 10,000 rows per run',
    );
    expect(limitOf(narrowed)).toBe('rowLimit');

    const first = await confirmedRun(test, session);
    const second = await confirmedRun(test, session);
    expect((await startSynthesis(test, session, { runId: first.runId })).statusCode).toBe(202);
    const busy = await startSynthesis(test, session, { runId: second.runId });
    expectAppError(busy, 422, 'PLAN_EXCEEDED');
    expect(busy.json<{ error: { message: string } }>().error.message).toContain('concurrent jobs');
    expect(limitOf(busy)).toBe('concurrentJob');
    expect((await getJson<TRun>(test, session, `/api/sinteza/run/${second.runId}`)).status).toBe(
      'DRAFT',
    );
    await test.app.deps.jobs.runDue();

    const now = test.clock.now();
    await test.app.deps.db.insert(nucleusRuns).values(
      Array.from({ length: 9 }, () => ({
        teamId,
        kind: 'SYNTHESIZE' as const,
        status: 'DONE' as const,
        fileName: 'old.csv',
        format: 'csv',
        numRows: 10,
        createdAt: now,
        queuedAt: now,
      })),
    );
    const monthly = await startSynthesis(test, session, { runId: second.runId });
    expectAppError(monthly, 422, 'PLAN_EXCEEDED');
    expect(monthly.json<{ error: { message: string } }>().error.message).toContain(
      '10 runs this month',
    );
    expect(limitOf(monthly)).toBe('runLimit');
  });

  it('enforces the plan’s rows per month on a synthesis and on a generation, counting last month’s no more', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const now = test.clock.now();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
    const usedRows = (numRows: number, queuedAt: Date) => ({
      teamId,
      kind: 'SYNTHESIZE' as const,
      status: 'DONE' as const,
      fileName: 'old.csv',
      format: 'csv',
      numRows,
      createdAt: queuedAt,
      queuedAt,
    });
    await test.app.deps.db
      .insert(nucleusRuns)
      .values([
        usedRows(9_000, lastMonth),
        usedRows(10, now),
        ...Array.from({ length: 5 }, () => usedRows(8_000, now)),
      ]);
    const profile = await confirmedRun(test, session);

    const over = await startSynthesis(test, session, { runId: profile.runId, numRows: 9_991 });
    expectAppError(over, 422, 'PLAN_EXCEEDED');
    expect(limitOf(over)).toBe('monthlyRowLimit');
    expect(over.json<{ error: { message: string } }>().error.message).toContain(
      "drawn 40,010 of the plan's 50,000 rows per month: 9,990 left",
    );
    expect((await getJson<TRun>(test, session, `/api/sinteza/run/${profile.runId}`)).status).toBe(
      'DRAFT',
    );
    const fits = await startSynthesis(test, session, { runId: profile.runId, numRows: 9_980 });
    expect(fits.statusCode, fits.body).toBe(202);
    await test.app.deps.jobs.runDue();

    const generate = (numRows: number) =>
      call(
        session,
        'POST',
        `/api/sinteza/generate?runId=${profile.runId}&numRows=${String(numRows)}`,
      );
    const tooMany = await generate(11);
    expectAppError(tooMany, 422, 'PLAN_EXCEEDED');
    expect(limitOf(tooMany)).toBe('monthlyRowLimit');
    expect((await generate(10)).statusCode).toBe(202);
    const usage = await getJson<TUsageStatistics>(test, session, '/api/sinteza/usage/statistics');
    expect(usage).toMatchObject({ rows: 50_000, monthlyRowLimit: 50_000 });
  });

  it('cancels a queued run, which its job then leaves alone, and refuses to cancel a finished one', async () => {
    const { session } = await nucleusTeam(test);
    const { runId } = await confirmedRun(test, session);
    expect((await startSynthesis(test, session, { runId })).statusCode).toBe(202);
    const cancelled = await call(session, 'PUT', `/api/sinteza/run/${runId}/cancel`);
    expect(cancelled.json<TRun>().status).toBe('CANCELLED');
    await test.app.deps.jobs.runDue();
    const run = await getJson<TRun>(test, session, `/api/sinteza/run/${runId}`);
    expect(run).toMatchObject({ status: 'CANCELLED', progress: 0 });
    expectAppError(await call(session, 'GET', `/api/sinteza/run/${runId}/data`), 409, 'CONFLICT');
    expectAppError(await call(session, 'PUT', `/api/sinteza/run/${runId}/cancel`), 409, 'CONFLICT');
    const usage = await getJson<TUsageStatistics>(test, session, '/api/sinteza/usage/statistics');
    expect(usage.runs).toBe(0);
  });

  /**
   * A 6,000-row upload synthesizing 9,000 rows with a Bayesian network, its job started and
   * polled until it is past its first step (RUNNING, progress 10 or more); `working` is the job.
   */
  async function runningMidFit(session: string) {
    const { runId } = await confirmedRun(test, session, customersCsv(6000));
    const queued = await startSynthesis(test, session, {
      runId,
      algorithm: 'bayesian-network',
      numRows: 9000,
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const working = test.app.deps.jobs.runDue();
    const url = `/api/sinteza/run/${runId}`;
    let status = await getJson<TGenerationStatus>(test, session, `${url}/generate/status`);
    while (
      status.generationStatus === 'QUEUED' ||
      (status.generationStatus === 'RUNNING' && status.progress < 10)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      status = await getJson<TGenerationStatus>(test, session, `${url}/generate/status`);
    }
    expect(status.generationStatus).toBe('RUNNING');
    return { runId, url, working };
  }

  it('stops a running run when it is cancelled, and keeps none of its output', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const { runId, url, working } = await runningMidFit(session);
    const cancelled = await call(session, 'PUT', `${url}/cancel`);
    expect(cancelled.json<TRun>().status).toBe('CANCELLED');
    await working;
    expect((await getJson<TRun>(test, session, url)).status).toBe('CANCELLED');
    for (const file of ['model.json', 'report.json', 'data.csv'] as const) {
      expect(await test.app.deps.storage.has(runFileKey({ teamId, id: runId }, file))).toBe(false);
    }
    const logs = await getJson<TRunLog[]>(test, session, `${url}/logs`);
    expect(logs.at(-1)?.message).toBe('Stopped: the run was cancelled.');
  });

  it('answers 409 for the report and data of an unfinished run, and its log so far', async () => {
    const { session } = await nucleusTeam(test);
    const { runId } = await confirmedRun(test, session);
    const url = `/api/sinteza/run/${runId}`;
    expectAppError(await call(session, 'GET', `${url}/report`), 409, 'CONFLICT');
    expect((await startSynthesis(test, session, { runId })).statusCode).toBe(202);
    for (const path of ['/report', '/data?format=csv']) {
      expectAppError(await call(session, 'GET', `${url}${path}`), 409, 'CONFLICT');
    }
    expectAppError(
      await call(session, 'PUT', `${url}/change/format`, { format: 'jsonl' }),
      409,
      'CONFLICT',
    );
    const logs = await getJson<TRunLog[]>(test, session, `${url}/logs`);
    expect(logs.map((entry) => entry.code)).toEqual(['uploaded', 'queued']);
  });

  it('answers 409 to dataprofiling of a draft whose upload is not confirmed', async () => {
    const { session } = await nucleusTeam(test);
    const { runId } = await uploadFile(test, session, { body: customersCsv(10) });
    const profiling = await call(session, 'POST', '/api/sinteza/dataprofiling', { runId });
    expectAppError(profiling, 409, 'CONFLICT');
    expect(profiling.json<{ error: { message: string } }>().error.message).toContain('Confirm');
    await call(session, 'PUT', `/api/sinteza/run/${runId}/url/confirm`);
    const profile = await call(session, 'POST', '/api/sinteza/dataprofiling', { runId });
    expect(profile.json<TDataProfile>().rowCount).toBe(10);
  });

  it('deletes a running run: its job stops and leaves no file and no row behind', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const { runId, url, working } = await runningMidFit(session);
    expect((await call(session, 'DELETE', url)).statusCode).toBe(204);
    await working;
    expectAppError(await call(session, 'GET', url), 404, 'NOT_FOUND');
    const prefix = `nucleus/${teamId}/runs/${runId}/`;
    const left: string[] = [];
    for await (const key of test.app.deps.storage.keys()) {
      if (key.startsWith(prefix)) left.push(key);
    }
    expect(left).toEqual([]);
    const rows = await test.app.deps.db
      .select({ id: nucleusRuns.id })
      .from(nucleusRuns)
      .where(eq(nucleusRuns.id, runId));
    expect(rows).toEqual([]);
    const job = await test.app.deps.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.name, SYNTHESIS_JOB));
    expect(job.map((row) => row.status)).toEqual(['completed']);
    const usage = await getJson<TUsageStatistics>(test, session, '/api/sinteza/usage/statistics');
    expect(usage).toMatchObject({ runs: 0, rows: 0, activeJobs: 0 });
  });

  it('filters the runs by algorithm, kind and creation time, with the status and pages', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const run = (
      fileName: string,
      values: {
        kind: 'SYNTHESIZE' | 'GENERATE' | 'RELATIONAL' | 'EDGE';
        algorithm: string;
        at: string;
      },
    ) => ({
      teamId,
      fileName,
      kind: values.kind,
      algorithm: values.algorithm,
      status: 'DONE' as const,
      format: 'csv',
      numRows: 10,
      createdAt: new Date(values.at),
    });
    await test.app.deps.db.insert(nucleusRuns).values([
      run('a.csv', {
        kind: 'SYNTHESIZE',
        algorithm: 'gaussian-copula',
        at: '2026-10-31T23:30:00Z',
      }),
      run('b.csv', {
        kind: 'GENERATE',
        algorithm: 'gaussian-copula',
        at: '2026-11-01T00:00:00Z',
      }),
      run('c.csv', {
        kind: 'RELATIONAL',
        algorithm: 'bayesian-network',
        at: '2026-11-15T12:00:00Z',
      }),
      run('d.csv', {
        kind: 'SYNTHESIZE',
        algorithm: 'bayesian-network',
        at: '2026-12-01T00:00:00Z',
      }),
      run('e.csv', { kind: 'EDGE', algorithm: 'bayesian-network', at: '2026-11-20T00:00:00Z' }),
    ]);
    const files = async (query: string) =>
      (await getJson<TRunsResponse>(test, session, `/api/sinteza/runs?${query}`)).items.map(
        (item) => item.fileName,
      );
    expect(await files('algorithm=bayesian-network')).toEqual(['d.csv', 'c.csv']);
    expect(await files('kind=SYNTHESIZE')).toEqual(['d.csv', 'a.csv']);
    expect(await files('kind=RELATIONAL&algorithm=gaussian-copula')).toEqual([]);
    const november = `createdFrom=${encodeURIComponent('2026-11-01T00:00:00Z')}&createdTo=${encodeURIComponent('2026-12-01T00:00:00Z')}`;
    expect(await files(november)).toEqual(['c.csv', 'b.csv']);
    expect(await files(`${november}&pageSize=1&page=1`)).toEqual(['b.csv']);
    const madrid = `createdFrom=${encodeURIComponent('2026-11-01T00:00:00+01:00')}`;
    expect(await files(`${madrid}&kind=SYNTHESIZE`)).toEqual(['d.csv', 'a.csv']);
    expect(await files(`${november}&status=FAILED`)).toEqual([]);
  });

  it('refuses an invalid runs query with 400', async () => {
    const { session } = await nucleusTeam(test);
    for (const query of [
      'status=FINISHED',
      'page=-1',
      'pageSize=0',
      'pageSize=101',
      'page=x',
      'algorithm=ctgan',
      'kind=EDGE',
      'createdFrom=yesterday',
      'createdFrom=2026-12-01T00:00:00Z&createdTo=2026-11-01T00:00:00Z',
    ]) {
      expectAppError(await call(session, 'GET', `/api/sinteza/runs?${query}`), 400, 'VALIDATION');
    }
  });

  it('starts one job when a team on a plan of one job asks for two at once', async () => {
    const { session } = await nucleusTeam(test);
    const drafts = [await confirmedRun(test, session), await confirmedRun(test, session)];
    const answers = await Promise.all(
      drafts.map((draft) => startSynthesis(test, session, { runId: draft.runId })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 422]);
  });

  it('cancels an upload: the draft and its file are gone', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const { runId } = await uploadFile(test, session, { body: customersCsv(10) });
    const key = runFileKey({ teamId, id: runId }, 'upload');
    expect(await test.app.deps.storage.has(key)).toBe(true);
    const cancel = await call(session, 'PUT', `/api/sinteza/run/${runId}/url/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(204);
    expect(await test.app.deps.storage.has(key)).toBe(false);
    expectAppError(await call(session, 'GET', `/api/sinteza/run/${runId}`), 404, 'NOT_FOUND');
  });

  it('deletes a run with its files, so its signed addresses answer 404', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const run = await finishedRun(test, session);
    const data = await getJson<TDataResponse>(test, session, `/api/sinteza/run/${run.id}/data`);
    const owner = { teamId, id: run.id };
    for (const file of ['upload', 'model.json', 'report.json', 'data.csv'] as const) {
      expect(await test.app.deps.storage.has(runFileKey(owner, file)), file).toBe(true);
    }
    const deleted = await call(session, 'DELETE', `/api/sinteza/run/${run.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const file of ['upload', 'model.json', 'report.json', 'data.csv'] as const) {
      expect(await test.app.deps.storage.has(runFileKey(owner, file)), file).toBe(false);
    }
    expectAppError(await test.app.inject({ method: 'GET', url: data.signedUrl }), 404, 'NOT_FOUND');
    expectAppError(await call(session, 'GET', `/api/sinteza/run/${run.id}`), 404, 'NOT_FOUND');
  });

  it('generates more rows from a generated run’s source, and refuses once the source is deleted', async () => {
    const { session } = await nucleusTeam(test);
    const run = await finishedRun(test, session);
    const more = await call(session, 'POST', `/api/sinteza/generate?runId=${run.id}&numRows=5`);
    const generated = more.json<TRun>();
    await test.app.deps.jobs.runDue();
    const again = await call(
      session,
      'POST',
      `/api/sinteza/generate?runId=${generated.id}&numRows=5`,
    );
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json<TRun>().sourceRunId).toBe(run.id);
    await test.app.deps.jobs.runDue();
    expect((await call(session, 'DELETE', `/api/sinteza/run/${run.id}`)).statusCode).toBe(204);
    expectAppError(
      await call(session, 'POST', `/api/sinteza/generate?runId=${generated.id}&numRows=5`),
      409,
      'CONFLICT',
    );
    const kept = await getJson<TRun>(test, session, `/api/sinteza/run/${generated.id}`);
    expect(kept.status).toBe('DONE');
  });

  it('takes up again a run whose worker died, and fails it after too many attempts', async () => {
    const { session } = await nucleusTeam(test);
    const { runId } = await confirmedRun(test, session);
    expect((await startSynthesis(test, session, { runId, numRows: 30 })).statusCode).toBe(202);
    // A worker claimed the job and the run, then died: the job stays locked, the run RUNNING.
    const db = test.app.deps.db;
    const lockedUntil = new Date(test.clock.now().getTime() + 5 * 60_000);
    await db.update(jobs).set({ status: 'running', attempts: 1, lockedUntil });
    const stale = new Date(test.clock.now().getTime() - STALL_MILLISECONDS - 1000);
    await db
      .update(nucleusRuns)
      .set({ status: 'RUNNING', attempts: 1, progress: 10, heartbeatAt: stale })
      .where(eq(nucleusRuns.id, runId));

    await test.app.deps.jobs.recover();
    expect((await getJson<TRun>(test, session, `/api/sinteza/run/${runId}`)).status).toBe('QUEUED');
    await test.app.deps.jobs.runDue();
    const run = await getJson<TRun>(test, session, `/api/sinteza/run/${runId}`);
    expect(run.status, run.errorMessage ?? '').toBe('DONE');
    const logs = await getJson<TRunLog[]>(test, session, `/api/sinteza/run/${runId}/logs`);
    expect(logs.map((entry) => entry.message)).toContain(
      'Started again: the worker stopped during the run.',
    );
    // The dead worker's job is claimed again once its lock expires: it finds nothing to do.
    test.clock.advance(6 * 60_000);
    await test.app.deps.jobs.runDue();
    const left = await db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.name, SYNTHESIS_JOB));
    expect(left.map((job) => job.status)).toEqual(['completed', 'completed']);
    expect((await getJson<TRun>(test, session, `/api/sinteza/run/${runId}`)).status).toBe('DONE');

    const second = await confirmedRun(test, session);
    await db
      .update(nucleusRuns)
      .set({ status: 'RUNNING', attempts: MAX_RUN_ATTEMPTS, heartbeatAt: null })
      .where(and(eq(nucleusRuns.id, second.runId)));
    await test.app.deps.jobs.recover();
    const failed = await getJson<TRun>(test, session, `/api/sinteza/run/${second.runId}`);
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed.errorMessage).toContain('worker stopped');
  });

  it('answers 404 to another team for every run route', async () => {
    const owner = await nucleusTeam(test);
    const run = await finishedRun(test, owner.session);
    const other = await nucleusTeam(test);
    const id = run.id;
    const requests: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object][] = [
      ['GET', `/api/sinteza/run/${id}`],
      ['GET', `/api/sinteza/run/${id}/generate/status`],
      ['GET', `/api/sinteza/run/${id}/logs`],
      ['GET', `/api/sinteza/run/${id}/report`],
      ['GET', `/api/sinteza/run/${id}/data?format=jsonl`],
      ['PUT', `/api/sinteza/run/${id}/change/format`, { format: 'jsonl' }],
      ['PUT', `/api/sinteza/run/${id}/url/confirm`],
      ['PUT', `/api/sinteza/run/${id}/url/cancel`],
      ['PUT', `/api/sinteza/run/${id}/cancel`],
      ['POST', '/api/sinteza/dataprofiling', { runId: id }],
      ['POST', '/api/sinteza/synthesize', { runId: id, algorithm: 'gaussian-copula' }],
      ['POST', `/api/sinteza/generate?runId=${id}&numRows=10`],
      ['DELETE', `/api/sinteza/run/${id}`],
    ];
    for (const [method, url, body] of requests) {
      expectAppError(await call(other.session, method, url, body), 404, 'NOT_FOUND');
    }
    const theirs = await getJson<TRunsResponse>(test, other.session, '/api/sinteza/runs');
    expect(theirs.total).toBe(0);
    expect((await getJson<TRun>(test, owner.session, `/api/sinteza/run/${id}`)).status).toBe(
      'DONE',
    );
  });
});
