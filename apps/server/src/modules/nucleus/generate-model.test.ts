import {
  SINTEZA_ENGINE_FAILURES,
  type TDataResponse,
  type TRun,
  type TRunLog,
} from '@app/contracts/nucleus';
import { ENGINE_FAILURE_CODES, parseModel } from '@app/synth';
import { describe, expect, it } from 'vitest';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';
import { runFileKey } from './files.js';
import { finishedRun, getJson, nucleusTeam } from './nucleus-fixtures.js';

const test = useTestApp();

/** POST generate, its job run, and the generated run as it ended. */
async function generateMore(session: string, runId: string, numRows: number) {
  const queued = await test.app.inject({
    method: 'POST',
    url: `/api/sinteza/generate?runId=${runId}&numRows=${String(numRows)}`,
    headers: bearer(session),
  });
  expect(queued.statusCode, queued.body).toBe(202);
  await test.app.deps.jobs.runDue();
  const url = `/api/sinteza/run/${queued.json<TRun>().id}`;
  const run = await getJson<TRun>(test, session, url);
  const logs = await getJson<TRunLog[]>(test, session, `${url}/logs`);
  return { run, url, logs, messages: logs.map((log) => log.message) };
}

async function downloadLines(session: string, url: string): Promise<string[]> {
  const data = await getJson<TDataResponse>(test, session, `${url}/data`);
  const file = await test.app.inject({ method: 'GET', url: data.signedUrl });
  expect(file.statusCode).toBe(200);
  return file.body.trim().split('\n');
}

describe('Nucleus generate from the stored model', () => {
  it('stores the fitted model with the run, as the engine’s checked model file', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const run = await finishedRun(test, session);
    const file = await test.app.deps.storage.get(runFileKey({ teamId, id: run.id }, 'model.json'));
    const model = parseModel(file?.body.toString('utf8') ?? '');
    expect(model.algorithm).toBe('gaussian-copula');
  });

  it('draws more rows without fitting, even once the source upload is gone', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const source = await finishedRun(test, session);
    const withUpload = await generateMore(session, source.id, 40);
    expect(withUpload.run.status, withUpload.run.errorMessage ?? '').toBe('DONE');
    expect(
      withUpload.messages.some((message) => /fit/i.test(message) && !/no fitting/.test(message)),
    ).toBe(false);
    expect(withUpload.messages).toContain('Generated 40 rows from the stored model.');
    expect(withUpload.messages.at(-1)).toMatch(/^Done: quality score/);

    await test.app.deps.storage.delete(runFileKey({ teamId, id: source.id }, 'upload'));
    const without = await generateMore(session, source.id, 300);
    expect(without.run.status, without.run.errorMessage ?? '').toBe('DONE');
    expect(without.messages).toContain('Generated 300 rows from the stored model.');
    expect(without.messages).toContain(
      'Stored the data. No quality report: the uploaded file is gone.',
    );
    const lines = await downloadLines(session, without.url);
    expect(lines).toHaveLength(301);
    expect(lines[0]).toBe('id,name,email,age,city,signup_date,spend');
    expectAppError(
      await test.app.inject({
        method: 'GET',
        url: `${without.url}/report`,
        headers: bearer(session),
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('fails a generation whose stored model was corrupted, saying so', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const source = await finishedRun(test, session);
    const key = runFileKey({ teamId, id: source.id }, 'model.json');
    const file = await test.app.deps.storage.get(key);
    const corrupted = (file?.body.toString('utf8') ?? '').replace('"age"', '"agE"');
    await test.app.deps.storage.put(key, Buffer.from(corrupted), 'application/json');
    const generated = await generateMore(session, source.id, 10);
    expect(generated.run.status).toBe('FAILED');
    expect(generated.run.errorMessage).toMatch(/checksum/);
    // The reason as the engine's code too, for the web app to word in the user's language.
    expect(generated.logs.at(-1)).toMatchObject({
      level: 'error',
      code: 'engineFailed',
      params: { failure: 'modelChecksum', reason: generated.run.errorMessage },
    });
  });

  it('gives every engine failure code a place in the contract the web app words', () => {
    expect([...ENGINE_FAILURE_CODES].sort()).toEqual([...SINTEZA_ENGINE_FAILURES].sort());
  });
});
