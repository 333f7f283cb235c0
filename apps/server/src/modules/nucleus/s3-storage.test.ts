import {
  SINTEZA_FILE_MAX_BYTES,
  type TDataResponse,
  type TRun,
  type TUploadUrlResponse,
} from '@app/contracts/nucleus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../platform/s3-storage.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { bearer, buildTestApp, expectAppError, type TestApp } from '../../test/test-app.js';
import { runFileKey } from './files.js';
import { customersCsv, getJson, nucleusTeam, startSynthesis } from './nucleus-fixtures.js';

let s3: S3TestServer;
let test: TestApp;
let origin: string;

beforeAll(async () => {
  s3 = await startS3Server();
  test = await buildTestApp(s3.env);
  origin = await test.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await test.close();
  await s3.close();
});

/** A draft run whose file the browser is to PUT straight to the bucket. */
async function draftRun(session: string): Promise<TUploadUrlResponse> {
  const created = await test.app.inject({
    method: 'POST',
    url: '/api/sinteza/run/url?fileName=customers.csv',
    headers: bearer(session),
  });
  expect(created.statusCode, created.body).toBe(201);
  const upload = created.json<TUploadUrlResponse>();
  expect(
    upload.signedUrl.startsWith(`${s3.env.S3_ENDPOINT ?? ''}/${s3.env.S3_BUCKET ?? ''}/`),
  ).toBe(true);
  return upload;
}

describe('Nucleus with its files in S3', () => {
  it('uploads a table to the bucket, synthesizes it and serves the result from the bucket', async () => {
    expect(test.app.deps.storage).toBeInstanceOf(S3Storage);
    const { session, teamId } = await nucleusTeam(test);
    const upload = await draftRun(session);
    const put = await fetch(upload.signedUrl, { method: 'PUT', body: customersCsv(120) });
    expect(put.ok, await put.text()).toBe(true);

    const confirm = await test.app.inject({
      method: 'PUT',
      url: `/api/sinteza/run/${upload.runId}/url/confirm`,
      headers: bearer(session),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const queued = await startSynthesis(test, session, { runId: upload.runId, numRows: 80 });
    expect(queued.statusCode, queued.body).toBe(202);
    await test.app.deps.jobs.runDue();
    const run = await getJson<TRun>(test, session, `/api/sinteza/run/${upload.runId}`);
    expect(run.status, run.errorMessage ?? '').toBe('DONE');
    expect(await test.app.deps.storage.has(runFileKey({ teamId, id: run.id }, 'data.csv'))).toBe(
      true,
    );

    const data = await test.app.inject({
      method: 'GET',
      url: `/api/sinteza/run/${run.id}/data?format=csv`,
      headers: bearer(session),
    });
    expect(data.statusCode, data.body).toBe(200);
    const download = await fetch(new URL(data.json<TDataResponse>().signedUrl, origin));
    expect(download.status).toBe(200);
    expect(download.redirected).toBe(true);
    expect(download.url.startsWith(s3.env.S3_ENDPOINT ?? '')).toBe(true);
    const lines = (await download.text()).trim().split('\n');
    expect(lines[0]).toBe('id,name,email,age,city,signup_date,spend');
    expect(lines).toHaveLength(81);
  });

  it('refuses, at confirm, a file put to the bucket over the upload limit and removes it', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const upload = await draftRun(session);
    const oversized = Buffer.alloc(SINTEZA_FILE_MAX_BYTES + 1, 'a');
    expect((await fetch(upload.signedUrl, { method: 'PUT', body: oversized })).ok).toBe(true);

    const confirm = await test.app.inject({
      method: 'PUT',
      url: `/api/sinteza/run/${upload.runId}/url/confirm`,
      headers: bearer(session),
    });
    expectAppError(confirm, 413, 'PAYLOAD_TOO_LARGE');
    const key = runFileKey({ teamId, id: upload.runId }, 'upload');
    expect(await test.app.deps.storage.has(key)).toBe(false);
  });
});
