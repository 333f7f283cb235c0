import type { TDatasetEntry, TDatasetsResponse } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { dvDatasetInstances } from '../../db/schema/index.js';
import { bearer, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { insertTeamDataset, TEAM_DATASET_CSV } from './dataverse-fixtures.js';
import { readInstanceRows } from './instances.js';
import { seedDataverse } from './seed.js';
import { SEED_DATASETS } from './seed-datasets.js';

const test = useTestApp();

beforeEach(async () => {
  await seedDataverse(test.app.deps.db, test.app.deps.storage);
});

async function entryOf(token: string, datasetId: string): Promise<TDatasetEntry> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/dataset/${datasetId}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDatasetEntry>();
}

async function penguins(token: string) {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/dataverse/datasets?q=penguins',
    headers: bearer(token),
  });
  const item = response.json<TDatasetsResponse>().items[0];
  if (!item) throw new Error('the penguins are not seeded');
  return item;
}

async function collect(batches: AsyncIterable<string[][]>): Promise<string[][]> {
  const all: string[][] = [];
  for await (const rows of batches) all.push(...rows);
  return all;
}

describe('dataset instances (versions)', () => {
  it('gives every seeded dataset version 1, answered as dsiId on its card and entry', async () => {
    const { token } = await signUpConfirmed(test);
    const card = await penguins(token);
    const entry = await entryOf(token, card.datasetId);

    expect(entry.dsiId).toEqual(expect.any(String));
    expect(entry.dsiId).not.toBe(card.datasetId);
    expect(card.dsiId).toBe(entry.dsiId);
    expect(entry.versions).toHaveLength(1);
    expect(entry.versions[0]).toMatchObject({
      dsiId: entry.dsiId,
      version: 1,
      numberOfRows: entry.numberOfRows,
      diskSize: entry.diskSize,
    });
    expect(Date.parse(entry.versions[0]?.confirmedDate ?? '')).not.toBeNaN();
    expect(await test.app.deps.db.$count(dvDatasetInstances)).toBe(SEED_DATASETS.length);
  });

  it('streams a READY instance’s rows from storage, all of them or the first few', async () => {
    const { token } = await signUpConfirmed(test);
    const entry = await entryOf(token, (await penguins(token)).datasetId);
    const dsiId = entry.dsiId ?? '';

    const all = await readInstanceRows(test.app.deps, { dsiId });
    expect(all.headers).toEqual(entry.sample.headers);
    const rows = await collect(all.batches);
    expect(rows).toHaveLength(entry.numberOfRows);
    expect(rows.slice(0, 20)).toEqual(entry.sample.body);

    const first = await readInstanceRows(test.app.deps, { dsiId, limit: 3 });
    expect(await collect(first.batches)).toEqual(entry.sample.body.slice(0, 3));
  });

  it('puts a seeded file back into storage when it is missing, and keeps the instance', async () => {
    const { token } = await signUpConfirmed(test);
    const dsiId = (await penguins(token)).dsiId ?? '';
    const [instance] = await test.app.deps.db
      .select()
      .from(dvDatasetInstances)
      .where(eq(dvDatasetInstances.id, dsiId));
    await test.app.deps.storage.delete(instance?.storageKey ?? '');

    await seedDataverse(test.app.deps.db, test.app.deps.storage);

    expect(await test.app.deps.storage.has(instance?.storageKey ?? '')).toBe(true);
    expect((await penguins(token)).dsiId).toBe(dsiId);
  });

  it('refuses to stream an unknown instance, one that is not READY, or one whose file is gone', async () => {
    const { teamId } = await signUpConfirmed(test);
    const datasetId = await insertTeamDataset(test.app.deps.db, {
      teamId,
      storage: test.app.deps.storage,
    });
    const [instance] = await test.app.deps.db
      .select()
      .from(dvDatasetInstances)
      .where(eq(dvDatasetInstances.datasetId, datasetId));
    const dsiId = instance?.id ?? '';
    expect(await collect((await readInstanceRows(test.app.deps, { dsiId })).batches)).toEqual(
      TEAM_DATASET_CSV.trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')),
    );

    const notFound = async (id: string) => {
      const error = await readInstanceRows(test.app.deps, { dsiId: id }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'NOT_FOUND' });
    };
    await notFound('00000000-0000-4000-8000-000000000000');
    await test.app.deps.db
      .update(dvDatasetInstances)
      .set({ status: 'REVIEW' })
      .where(eq(dvDatasetInstances.id, dsiId));
    await notFound(dsiId);
    await test.app.deps.db
      .update(dvDatasetInstances)
      .set({ status: 'READY' })
      .where(eq(dvDatasetInstances.id, dsiId));
    await test.app.deps.storage.delete(instance?.storageKey ?? '');
    await notFound(dsiId);
  });

  it('answers a dataset with no confirmed version with no dsiId', async () => {
    const { token, teamId } = await signUpConfirmed(test);
    const datasetId = await insertTeamDataset(test.app.deps.db, { teamId });
    await test.app.deps.db
      .update(dvDatasetInstances)
      .set({ status: 'PROFILING' })
      .where(eq(dvDatasetInstances.datasetId, datasetId));

    const entry = await entryOf(token, datasetId);

    expect(entry.dsiId).toBeNull();
    expect(entry.versions).toEqual([]);
  });
});
