import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TAccessTokenResponse, TUsageLogsResponse } from '@app/contracts';
import type {
  TEdgePackage,
  TEdgePackageResponse,
  TEdgeTokenResponse,
} from '@app/contracts/nucleus-edge';
import { ROLES } from '@app/contracts';
import { readCsvTable } from '@app/synth';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.js';
import {
  bearer,
  buildTestApp,
  expectAppError,
  signUpConfirmed,
  type TestApp,
} from '../../test/test-app.js';
import { teamMember } from '../billing/billing-fixtures.js';
import type { TRunsResponse, TUsageStatistics } from '@app/contracts/nucleus';
import { confirmedRun, customersCsv, nucleusTeam, startSynthesis } from './nucleus-fixtures.js';

const run = promisify(execFile);

let test: TestApp;
let folder: string;
let address: string;

beforeAll(async () => {
  test = await buildTestApp();
  folder = await mkdtemp(path.join(tmpdir(), 'edge-test-'));
  // The edge command line reports its usage over the network: the app listens for it.
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  address = `http://127.0.0.1:${String((test.app.server.address() as AddressInfo).port)}`;
}, 60_000);
afterAll(async () => {
  await test.close();
  await rm(folder, { recursive: true, force: true });
});

function get(session: string, url: string) {
  return test.app.inject({ method: 'GET', url, headers: bearer(session) });
}

async function download(url: string): Promise<Buffer> {
  const response = await test.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

function sha256(body: Buffer | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/**
 * The `.tar.gz` package of `opsys` downloaded through its signed address, its size and SHA-256
 * as listed, unpacked into the test folder; its four files there, each matching SHA256SUMS.
 */
async function downloadUnpacked(
  session: string,
  opsys: 'linux' | 'macos',
): Promise<{ pkg: TEdgePackageResponse; home: string }> {
  const answer = await get(session, `/api/sinteza/edge/package?opsys=${opsys}&version=1.0.0`);
  expect(answer.statusCode, answer.body).toBe(200);
  const pkg = answer.json<TEdgePackageResponse>();
  const archive = await download(pkg.signedUrl);
  expect(archive.byteLength).toBe(pkg.sizeBytes);
  expect(sha256(archive)).toBe(pkg.sha256);
  const unpacked = path.join(folder, opsys);
  await writeFile(path.join(folder, pkg.fileName), archive);
  await rm(unpacked, { recursive: true, force: true });
  await mkdir(unpacked);
  await extract({ file: path.join(folder, pkg.fileName), cwd: unpacked });
  const home = path.join(unpacked, `sinteza-edge-1.0.0-${opsys}`);
  expect((await readdir(home)).sort()).toEqual([
    'README.md',
    'SHA256SUMS',
    'sinteza',
    'sinteza.mjs',
  ]);
  for (const line of (await readFile(path.join(home, 'SHA256SUMS'), 'utf8')).trim().split('\n')) {
    const [sum, name = ''] = line.split('  ');
    expect(sha256(await readFile(path.join(home, name))), name).toBe(sum);
  }
  return { pkg, home };
}

async function logs(session: string): Promise<TUsageLogsResponse> {
  const response = await get(session, '/api/logs/Nucleus/day');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TUsageLogsResponse>();
}

describe('Nucleus edge packages', () => {
  it('lists a package per operating system with its size and SHA-256', async () => {
    const { session } = await nucleusTeam(test);
    const response = await get(session, '/api/sinteza/edge/packages');
    expect(response.statusCode, response.body).toBe(200);
    const packages = response.json<TEdgePackage[]>();
    expect(packages.map((item) => [item.opsys, item.version, item.fileName])).toEqual([
      ['linux', '1.0.0', 'sinteza-edge-1.0.0-linux.tar.gz'],
      ['macos', '1.0.0', 'sinteza-edge-1.0.0-macos.tar.gz'],
      ['windows', '1.0.0', 'sinteza-edge-1.0.0-windows.zip'],
    ]);
    for (const item of packages) {
      expect(item.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(item.sizeBytes).toBeGreaterThan(100_000);
    }
  }, 60_000);

  it('downloads the Linux package, whose launcher synthesizes a CSV and reports its usage', async () => {
    const { session } = await nucleusTeam(test);
    const { home } = await downloadUnpacked(session, 'linux');

    const token = await test.app.inject({
      method: 'PUT',
      url: '/api/sinteza/edge/token/refresh',
      headers: bearer(session),
    });
    expect(token.statusCode, token.body).toBe(200);
    const edge = token.json<TEdgeTokenResponse>();
    expect(edge.usageUrl).toBe(`${test.config.publicUrl}/v1/sinteza/edge/usage`);

    const input = path.join(folder, 'customers.csv');
    await writeFile(input, customersCsv(60));
    const { stdout, stderr } = await run(
      'sh',
      [
        path.join(home, 'sinteza'),
        'synthesize',
        '--algorithm',
        'bayesian-network',
        '--rows',
        '25',
        '--seed',
        '1',
        '--format',
        'csv',
        '--report-usage',
        edge.usageUrl.replace(test.config.publicUrl, address),
        '--token',
        edge.token,
        input,
      ],
      {
        // The customer's Node.js: the one running this test, found on the PATH.
        env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` },
        maxBuffer: 10 * 1024 * 1024,
      },
    );
    expect(stderr).toBe('');
    const synthetic = readCsvTable(stdout);
    expect(synthetic.columns).toEqual(readCsvTable(customersCsv(60)).columns);
    expect(synthetic.rows).toHaveLength(25);
    expect((await logs(session)).map((entry) => [entry.endpoint, entry.units])).toEqual([
      ['EDGE synthesize bayesian-network (1.0.0)', 25],
    ]);
  }, 120_000);

  it('packs the same command line for Windows in a zip with a .cmd launcher', async () => {
    const { session } = await nucleusTeam(test);
    const windows = (
      await get(session, '/api/sinteza/edge/package?opsys=windows')
    ).json<TEdgePackageResponse>();
    const archive = await download(windows.signedUrl);
    expect(sha256(archive)).toBe(windows.sha256);
    const files = unzipSync(new Uint8Array(archive));
    const prefix = 'sinteza-edge-1.0.0-windows/';
    expect(Object.keys(files).sort()).toEqual(
      ['README.md', 'SHA256SUMS', 'sinteza.cmd', 'sinteza.mjs'].map((name) => prefix + name),
    );
    const launcher = Buffer.from(files[`${prefix}sinteza.cmd`] ?? []).toString('utf8');
    expect(launcher).toContain('node "%~dp0sinteza.mjs" %*\r\n');
    const sums = Buffer.from(files[`${prefix}SHA256SUMS`] ?? []).toString('utf8');
    expect(sums).toContain(
      `${sha256(files[`${prefix}sinteza.mjs`] ?? new Uint8Array())}  sinteza.mjs`,
    );
  }, 60_000);

  it('packs the macOS package as a .tar.gz with an executable launcher, the README, the bundle and matching sums', async () => {
    const { session } = await nucleusTeam(test);
    const { pkg, home } = await downloadUnpacked(session, 'macos');
    expect(pkg.fileName).toBe('sinteza-edge-1.0.0-macos.tar.gz');
    const launcher = path.join(home, 'sinteza');
    expect((await stat(launcher)).mode & 0o111).toBe(0o111);
    expect(await readFile(launcher, 'utf8')).toMatch(/^#!\/bin\/sh\n[\s\S]*sinteza\.mjs/);
    expect(await readFile(path.join(home, 'README.md'), 'utf8')).toContain(
      '# Sinteza edge 1.0.0 (macos)',
    );
    const sums = (await readFile(path.join(home, 'SHA256SUMS'), 'utf8')).trim().split('\n');
    expect(sums.map((line) => line.split('  ')[1]).sort()).toEqual([
      'README.md',
      'sinteza',
      'sinteza.mjs',
    ]);
  }, 60_000);

  it('answers 404 EDGE_PACKAGE_NOT_FOUND to an unknown system or version, naming the ones there are', async () => {
    const { session } = await nucleusTeam(test);
    for (const query of ['opsys=solaris&version=1.0.0', 'opsys=linux&version=0.9.0']) {
      const response = await get(session, `/api/sinteza/edge/package?${query}`);
      expectAppError(response, 404, 'EDGE_PACKAGE_NOT_FOUND');
      expect(response.json<{ error: { message: string } }>().error.message).toContain(
        'the operating systems are linux, macos, windows and the versions 1.0.0',
      );
    }
  }, 60_000);

  it('answers 402 to a team without a Nucleus subscription', async () => {
    const { token: session } = await signUpConfirmed(test);
    for (const url of ['/api/sinteza/edge/packages', '/api/sinteza/edge/package?opsys=linux']) {
      expectAppError(await get(session, url), 402, 'SUBSCRIPTION_REQUIRED');
    }
    const refresh = await test.app.inject({
      method: 'PUT',
      url: '/api/sinteza/edge/token/refresh',
      headers: bearer(session),
    });
    expectAppError(refresh, 402, 'SUBSCRIPTION_REQUIRED');
  });

  it('lets an owner or admin refresh the edge token, not a guest', async () => {
    const { session } = await nucleusTeam(test);
    const guest = await teamMember(test, session, ROLES.GUEST);
    const refresh = (as: string) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/sinteza/edge/token/refresh',
        headers: bearer(as),
      });
    expectAppError(await refresh(guest), 403, 'FORBIDDEN');
    expect((await refresh(session)).statusCode).toBe(200);
    expect((await get(guest, '/api/sinteza/edge/packages')).statusCode).toBe(200);
  }, 60_000);

  it('takes usage only with the current edge token of a subscribed team', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const refresh = () =>
      test.app.inject({
        method: 'PUT',
        url: '/api/sinteza/edge/token/refresh',
        headers: bearer(session),
      });
    const old = (await refresh()).json<TEdgeTokenResponse>().token;
    const current = (await refresh()).json<TEdgeTokenResponse>().token;
    const access = await get(session, '/api/microservice/token/Nucleus');
    const apiToken = access.json<TAccessTokenResponse>().token;
    const report = {
      command: 'synthesize',
      algorithm: 'gaussian-copula',
      rows: 10,
      durationMs: 5,
      version: '1.0.0',
    };
    const usage = (token: string | undefined) =>
      test.app.inject({
        method: 'POST',
        url: `/v1/sinteza/edge/usage${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
        payload: report,
      });
    for (const token of [undefined, old, apiToken, `${current.slice(0, -2)}xx`]) {
      expectAppError(await usage(token), 401, 'UNAUTHORIZED');
    }
    const accepted = await usage(current);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ recorded: true, rows: 10 });
    await test.app.deps.db
      .update(subscriptions)
      .set({ status: 'CANCELED' })
      .where(eq(subscriptions.teamId, teamId));
    expectAppError(await usage(current), 401, 'UNAUTHORIZED');
    await test.app.deps.db
      .update(subscriptions)
      .set({ status: 'ACTIVE' })
      .where(eq(subscriptions.teamId, teamId));
    expectAppError(
      await test.app.inject({
        method: 'POST',
        url: `/v1/sinteza/edge/usage?token=${current}`,
        payload: { ...report, rows: -1 },
      }),
      400,
      'VALIDATION',
    );
    // The edge token is not an API token, and the API token does not rotate the edge token.
    const viaApi = await test.app.inject({
      method: 'PUT',
      url: `/v1/sinteza/edge/token/refresh?token=${apiToken}`,
    });
    expect(viaApi.statusCode).toBe(404);
    const listed = await test.app.inject({
      method: 'GET',
      url: `/v1/sinteza/edge/packages?token=${apiToken}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
  }, 60_000);

  it('counts edge runs against the plan’s runs and rows a month, a report sent twice once, and lists none of them', async () => {
    const { session } = await nucleusTeam(test);
    const token = (
      await test.app.inject({
        method: 'PUT',
        url: '/api/sinteza/edge/token/refresh',
        headers: bearer(session),
      })
    ).json<TEdgeTokenResponse>().token;
    const report = (rows: number, reportId: string) =>
      test.app.inject({
        method: 'POST',
        url: `/v1/sinteza/edge/usage?token=${token}`,
        payload: {
          command: 'synthesize-relational',
          algorithm: 'bayesian-network',
          rows,
          durationMs: 5,
          version: '1.0.0',
          reportId,
        },
      });
    const statistics = async () =>
      (await get(session, '/api/sinteza/usage/statistics')).json<TUsageStatistics>();
    const firstId = '5d1f6c0e-0f6a-4d8e-9a43-6a0c2f7b1e01';
    expect((await report(120, firstId)).statusCode).toBe(200);
    expect((await report(120, firstId)).statusCode).toBe(200);
    expect(await statistics()).toMatchObject({ runs: 1, rows: 120 });
    expect((await logs(session)).map((entry) => entry.units)).toEqual([120]);
    expect((await get(session, '/api/sinteza/runs')).json<TRunsResponse>().total).toBe(0);

    // The free plan's 10 runs a month: nine more edge runs, and the platform's next is refused.
    for (let index = 0; index < 9; index++) {
      const reportId = `5d1f6c0e-0f6a-4d8e-9a43-6a0c2f7b1e${String(10 + index)}`;
      expect((await report(10, reportId)).statusCode).toBe(200);
    }
    expect(await statistics()).toMatchObject({ runs: 10, rows: 210 });
    const profile = await confirmedRun(test, session);
    const refused = await startSynthesis(test, session, { runId: profile.runId });
    expectAppError(refused, 422, 'PLAN_EXCEEDED');
    expect(refused.json<{ error: { fields: { limit: string } } }>().error.fields.limit).toBe(
      'runLimit',
    );
  }, 60_000);

  it('counts edge-reported rows against the plan’s rows per month: a platform run past them is refused', async () => {
    const { session } = await nucleusTeam(test);
    const token = (
      await test.app.inject({
        method: 'PUT',
        url: '/api/sinteza/edge/token/refresh',
        headers: bearer(session),
      })
    ).json<TEdgeTokenResponse>().token;
    const reported = await test.app.inject({
      method: 'POST',
      url: `/v1/sinteza/edge/usage?token=${token}`,
      payload: {
        command: 'synthesize',
        algorithm: 'gaussian-copula',
        rows: 49_900,
        durationMs: 5,
        version: '1.0.0',
        reportId: '5d1f6c0e-0f6a-4d8e-9a43-6a0c2f7b1e99',
      },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const profile = await confirmedRun(test, session);
    const refused = await startSynthesis(test, session, { runId: profile.runId, numRows: 101 });
    expectAppError(refused, 422, 'PLAN_EXCEEDED');
    expect(refused.json<{ error: { fields: { limit: string } } }>().error.fields.limit).toBe(
      'monthlyRowLimit',
    );
    const fits = await startSynthesis(test, session, { runId: profile.runId, numRows: 100 });
    expect(fits.statusCode, fits.body).toBe(202);
  }, 60_000);
});
