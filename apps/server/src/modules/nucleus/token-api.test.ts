import type { TAccessTokenResponse, TUsageLogsResponse } from '@app/contracts';
import type {
  TDataProfile,
  TDataResponse,
  TGenerationStatus,
  TLimitsResponse,
  TRun,
  TRunLog,
  TRunsResponse,
  TUploadUrlResponse,
  TUsageStatistics,
} from '@app/contracts/nucleus';
import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.js';
import { legalMindToken } from '../legal-mind/legal-mind-fixtures.js';
import { bearer, expectAppError, useTestApp, type TestApp } from '../../test/test-app.js';
import { customersCsv, finishedRun, nucleusTeam } from './nucleus-fixtures.js';
import { SINTEZA_WEB_ONLY } from './token-api.js';

const test = useTestApp();

type NucleusCaller = { session: string; teamId: string; token: string };

async function nucleusToken(app: TestApp): Promise<NucleusCaller> {
  const team = await nucleusTeam(app);
  const response = await app.app.inject({
    method: 'GET',
    url: '/api/microservice/token/Nucleus',
    headers: bearer(team.session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...team, token: response.json<TAccessTokenResponse>().token };
}

/** A token API call: `/v1/sinteza/{path}` with `?token=` (or `&token=`). */
function call(
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
) {
  const separator = path.includes('?') ? '&' : '?';
  const query = token === undefined ? '' : `${separator}token=${encodeURIComponent(token)}`;
  return test.app.inject({
    method,
    url: `/v1/sinteza/${path}${query}`,
    ...(payload ? { payload } : {}),
  });
}

async function json<T>(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
  status = 200,
): Promise<T> {
  const response = await call(token, method, path, payload);
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(status);
  return response.json<T>();
}

async function download(url: string): Promise<string> {
  const response = await test.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

async function logs(session: string): Promise<TUsageLogsResponse> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/logs/Nucleus/day',
    headers: bearer(session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TUsageLogsResponse>();
}

describe('the Sinteza token API (/v1/sinteza)', () => {
  it('runs the whole journey with the Nucleus access token alone', async () => {
    const { token } = await nucleusToken(test);
    const upload = await json<TUploadUrlResponse>(
      token,
      'POST',
      'run/url?fileName=customers.csv',
      undefined,
      201,
    );
    const put = await test.app.inject({
      method: 'PUT',
      url: upload.signedUrl,
      headers: { 'content-type': 'text/csv' },
      payload: customersCsv(),
    });
    expect(put.statusCode, put.body).toBe(204);
    const run = `run/${upload.runId}`;
    const profile = await json<TDataProfile>(token, 'PUT', `${run}/url/confirm`);
    expect(profile).toMatchObject({ rowCount: 120, columnCount: 7 });
    expect(
      await json<TDataProfile>(token, 'POST', 'dataprofiling', { runId: upload.runId }),
    ).toEqual(profile);

    expectAppError(
      await call(token, 'POST', 'synthesize', {
        runId: upload.runId,
        algorithm: 'gaussian-copula',
        target: 'city',
      }),
      400,
      'VALIDATION',
      'target',
    );
    const queued = await json<TRun>(
      token,
      'POST',
      'synthesize',
      { runId: upload.runId, algorithm: 'gaussian-copula', numRows: 50, seed: 3 },
      202,
    );
    expect(queued).toMatchObject({ status: 'QUEUED', numRows: 50 });
    await test.app.deps.jobs.runDue();
    expect(await json<TRun>(token, 'GET', run)).toMatchObject({ status: 'DONE' });
    expect(await json<TGenerationStatus>(token, 'GET', `${run}/generate/status`)).toMatchObject({
      generationStatus: 'DONE',
      progress: 100,
    });
    const runLogs = await json<TRunLog[]>(token, 'GET', `${run}/logs`);
    expect(runLogs.map((entry) => entry.message).join('\n')).toMatch(/Queued[\s\S]*Done/);
    expect(await json<{ overall: number }>(token, 'GET', `${run}/report`)).toHaveProperty(
      'overall',
    );
    const data = await json<TDataResponse>(token, 'GET', `${run}/data?format=csv`);
    expect((await download(data.signedUrl)).trim().split('\n')).toHaveLength(51);
    const jsonl = await json<TDataResponse>(token, 'PUT', `${run}/change/format`, {
      format: 'jsonl',
    });
    expect((await download(jsonl.signedUrl)).trim().split('\n')).toHaveLength(50);

    const more = await json<TRun>(
      token,
      'POST',
      `generate?runId=${upload.runId}&numRows=30`,
      undefined,
      202,
    );
    expect(await json<TRun>(token, 'PUT', `run/${more.id}/cancel`)).toMatchObject({
      status: 'CANCELLED',
    });
    const runs = await json<TRunsResponse>(token, 'GET', 'runs?status=DONE');
    expect(runs.items.map((item) => item.id)).toEqual([upload.runId]);
    expect(await json<TUsageStatistics>(token, 'GET', 'usage/statistics')).toMatchObject({
      runs: 1,
      rows: 50,
    });
    expect(await json<TLimitsResponse>(token, 'GET', 'limits')).toMatchObject({
      planCode: 'FREE',
    });
    expect((await json<unknown[]>(token, 'GET', 'algorithms')).length).toBeGreaterThan(0);

    const draft = await json<TUploadUrlResponse>(
      token,
      'POST',
      'run/url?fileName=other.csv',
      undefined,
      201,
    );
    expect((await call(token, 'PUT', `run/${draft.runId}/url/cancel`)).statusCode).toBe(204);
    expect((await call(token, 'DELETE', run)).statusCode).toBe(204);
    expectAppError(await call(token, 'GET', run), 404, 'NOT_FOUND');
  });

  it('refuses a missing, wrong, replaced or other neuron’s token with 401', async () => {
    const nucleus = await nucleusToken(test);
    const { token: legalMind } = await legalMindToken(test);
    for (const token of [undefined, 'nrn_wrong', legalMind]) {
      const response = await call(token, 'GET', 'runs');
      expectAppError(response, 401, 'UNAUTHORIZED');
      expect(response.json<{ error: { message: string } }>().error.message).toBe(
        'Invalid or expired token',
      );
    }
    const session = await test.app.inject({
      method: 'GET',
      url: '/v1/sinteza/runs',
      headers: bearer(nucleus.session),
    });
    expectAppError(session, 401, 'UNAUTHORIZED');

    const [subscription] = await test.app.deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.teamId, nucleus.teamId));
    const subscriptionId = subscription?.id ?? '';
    const refreshed = await test.app.inject({
      method: 'POST',
      url: `/api/microservice/token/refresh/Nucleus/${subscriptionId}`,
      headers: bearer(nucleus.session),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expectAppError(await call(nucleus.token, 'GET', 'runs'), 401, 'UNAUTHORIZED');
    const fresh = refreshed.json<TAccessTokenResponse>().token;
    expect((await call(fresh, 'GET', 'runs')).statusCode).toBe(200);
  });

  it('refuses the token once the team’s Nucleus subscription has ended', async () => {
    const { teamId, token } = await nucleusToken(test);
    expect((await call(token, 'GET', 'limits')).statusCode).toBe(200);
    await test.app.deps.db
      .update(subscriptions)
      .set({ status: 'CANCELED' })
      .where(eq(subscriptions.teamId, teamId));
    expectAppError(await call(token, 'GET', 'limits'), 401, 'UNAUTHORIZED');
  });

  it('answers 404 to another team’s run, and changes nothing of it', async () => {
    const ours = await nucleusToken(test);
    const theirs = await nucleusToken(test);
    const theirRun = await finishedRun(test, theirs.session);
    const run = `run/${theirRun.id}`;
    for (const [method, path, payload] of [
      ['GET', run],
      ['GET', `${run}/generate/status`],
      ['GET', `${run}/logs`],
      ['GET', `${run}/report`],
      ['GET', `${run}/data`],
      ['PUT', `${run}/change/format`, { format: 'jsonl' }],
      ['PUT', `${run}/cancel`],
      ['PUT', `${run}/url/confirm`],
      ['PUT', `${run}/url/cancel`],
      ['POST', 'dataprofiling', { runId: theirRun.id }],
      ['POST', 'synthesize', { runId: theirRun.id, algorithm: 'gaussian-copula' }],
      ['POST', `generate?runId=${theirRun.id}&numRows=10`],
      ['DELETE', run],
    ] as const) {
      expectAppError(await call(ours.token, method, path, payload), 404, 'NOT_FOUND');
    }
    const runs = await json<TRunsResponse>(ours.token, 'GET', 'runs');
    expect(runs.total).toBe(0);
    const still = await test.app.inject({
      method: 'GET',
      url: `/api/sinteza/${run}`,
      headers: bearer(theirs.session),
    });
    expect(still.json<TRun>()).toMatchObject({ status: 'DONE' });
  });

  it('meters every call in the neuron’s logs, a call that starts a run with its rows', async () => {
    const { session, token } = await nucleusToken(test);
    const run = await finishedRun(test, session);
    expect((await call(token, 'GET', 'limits')).statusCode).toBe(200);
    expect((await call(token, 'POST', `generate?runId=${run.id}&numRows=40`)).statusCode).toBe(202);
    expectAppError(
      await call(token, 'GET', 'run/00000000-0000-4000-8000-000000000000'),
      404,
      'NOT_FOUND',
    );
    const entries = (await logs(session)).map((entry) => [
      entry.endpoint,
      entry.statusCode,
      entry.units,
    ]);
    expect(entries).toEqual(
      expect.arrayContaining([
        ['GET /v1/sinteza/limits', 200, 0],
        ['POST /v1/sinteza/generate', 202, 40],
        ['GET /v1/sinteza/run/:id', 404, 0],
      ]),
    );
    expect(entries).toHaveLength(3);
    const statistics = await test.app.inject({
      method: 'GET',
      url: '/api/statistics/Nucleus/day',
      headers: bearer(session),
    });
    expect(statistics.json<{ totals: { calls: number; units: number } }>().totals).toMatchObject({
      calls: 3,
      units: 40,
    });
  });
});

describe('GET /api/microservice/swagger/Nucleus', () => {
  it('is a valid OpenAPI document listing every Sinteza operation of the web app, for the token', async () => {
    const { session } = await nucleusToken(test);
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/microservice/swagger/Nucleus',
      headers: bearer(session),
    });
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json<{
      info: { title: string };
      paths: Record<
        string,
        Record<string, { summary?: string; parameters?: { name: string; in: string }[] }>
      >;
    }>();
    const validation = await new Validator().validate(document);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(document.info.title).toBe('Nucleus API');

    const whole = test.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = (paths: Record<string, Record<string, unknown>>, prefix: string) =>
      Object.entries(paths)
        .filter(([path]) => path.startsWith(prefix))
        .flatMap(([path, methods]) =>
          Object.keys(methods).map((method) => `${method} ${path.slice(prefix.length)}`),
        )
        .sort();
    const webOnly = [...SINTEZA_WEB_ONLY].map((call) => {
      const [method = '', url = ''] = call.split(' ');
      return `${method.toLowerCase()} ${url.slice('/api/sinteza/'.length).replace(/:(\w+)/g, '{$1}')}`;
    });
    const web = operations(whole.paths, '/api/sinteza/').filter(
      (operation) => !webOnly.includes(operation),
    );
    expect(webOnly).toContain('put edge/token/refresh');
    expect(operations(document.paths, '/v1/sinteza/')).toEqual(expect.arrayContaining(web));
    expect(web.length).toBeGreaterThanOrEqual(18);
    const synthesize = document.paths['/v1/sinteza/synthesize']?.post as {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(synthesize.requestBody.content['application/json']?.schema.properties).toHaveProperty(
      'target',
    );
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.summary, `${method} ${path} has no summary`).toMatch(/^[A-Z][a-z]* [a-z]/);
        if (path.startsWith('/v1/sinteza/edge/usage')) continue;
        expect(
          operation.parameters?.some((parameter) => parameter.name === 'token'),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });
});
