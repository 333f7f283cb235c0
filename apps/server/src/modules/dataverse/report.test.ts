import type { TDatasetReportResponse } from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { insertTeamDataset } from './dataverse-fixtures.js';
import { seedDataverse } from './seed.js';

const test = useTestApp();

beforeEach(async () => {
  await seedDataverse(test.app.deps.db, test.app.deps.storage);
});

function get(token: string | null, url: string) {
  return test.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

async function askReport(token: string, datasetId: string, query = '') {
  return get(token, `/api/dataset/${datasetId}/report${query}`);
}

describe('dataset report', () => {
  it('answers PREPARING (202) with one job until built, then a signed address to the report', async () => {
    const { token, teamId } = await signUpConfirmed(test);
    const datasetId = await insertTeamDataset(test.app.deps.db, {
      teamId,
      storage: test.app.deps.storage,
    });
    const first = await askReport(token, datasetId);
    expect(first.statusCode, first.body).toBe(202);
    const preparing = first.json<TDatasetReportResponse>();
    expect(preparing).toMatchObject({ status: 'PREPARING', url: null, expiresAt: null });
    expect((await askReport(token, datasetId)).statusCode).toBe(202);
    expect(await test.app.deps.jobs.runDue()).toBe(1);

    const ready = await askReport(token, datasetId);
    expect(ready.statusCode, ready.body).toBe(200);
    const body = ready.json<TDatasetReportResponse>();
    expect(body.dsiId).toBe(preparing.dsiId);
    expect(body.status).toBe('READY');
    expect(body.url).toMatch(/^\/api\/dataverse\/reports\//);
    const file = await get(null, body.url ?? '');
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('text/html');
    expect(file.body).toContain('Quarterly sales by store · version 1');
    expect(file.body).toContain('<td>sales</td><td>numerical:integer</td><td>2</td><td>0</td>');
    expect(file.body).toContain('Quality score of this version: 100 (completeness');
    expect(file.body).toContain('<td>Madrid</td><td>1</td>');
    expect(file.body).toMatch(/<td>80<\/td><td>85<\/td><td>90<\/td><td>90<\/td>/);
  });

  it('serves a published dataset’s report to another team, and hides an unpublished one (404)', async () => {
    const owner = await signUpConfirmed(test);
    const other = await signUpConfirmed(test);
    const hidden = await insertTeamDataset(test.app.deps.db, {
      teamId: owner.teamId,
      storage: test.app.deps.storage,
    });
    const shown = await insertTeamDataset(test.app.deps.db, {
      teamId: owner.teamId,
      isPublished: true,
      storage: test.app.deps.storage,
    });
    expectAppError(await askReport(other.token, hidden), 404, 'NOT_FOUND');
    expect((await askReport(other.token, shown)).statusCode).toBe(202);
    await test.app.deps.jobs.runDue();
    expect((await askReport(other.token, shown)).statusCode).toBe(200);
  });

  it('refuses a tampered, another version’s or expired address, and an unknown version', async () => {
    const { token, teamId } = await signUpConfirmed(test);
    const datasetId = await insertTeamDataset(test.app.deps.db, {
      teamId,
      storage: test.app.deps.storage,
    });
    await askReport(token, datasetId);
    await test.app.deps.jobs.runDue();
    const { url, dsiId } = (await askReport(token, datasetId)).json<TDatasetReportResponse>();
    const address = url ?? '';
    expect((await get(null, address)).statusCode).toBe(200);
    expectAppError(await get(null, `${address.slice(0, -2)}xx`), 400, 'INVALID_TOKEN');
    const otherTeam = await signUpConfirmed(test);
    expectAppError(
      await get(null, address.replace(teamId, otherTeam.teamId)),
      400,
      'INVALID_TOKEN',
    );
    expectAppError(
      await askReport(token, datasetId, `?dsiId=${crypto.randomUUID()}`),
      404,
      'NOT_FOUND',
    );
    expect((await askReport(token, datasetId, `?dsiId=${dsiId}`)).statusCode).toBe(200);
    expectAppError(await askReport(token, datasetId, '?dsiId=nope'), 400, 'VALIDATION');
    test.clock.advance(16 * 60_000);
    expectAppError(await get(null, address), 400, 'INVALID_TOKEN');
  });
});
