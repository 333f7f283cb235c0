import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dvDatasets, dvSearchWords } from '../../db/schema/index.js';
import { buildTestApp, signUpConfirmed, type TestApp } from '../../test/test-app.js';
import { insertTeamDataset } from './dataverse-fixtures.js';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

const WORDS = ['alpaca', 'bison', 'caribou', 'dingo'];

async function counts(): Promise<Record<string, number>> {
  const rows = await test.app.deps.db
    .select()
    .from(dvSearchWords)
    .where(inArray(dvSearchWords.word, WORDS));
  return Object.fromEntries(rows.map((row) => [row.word, row.datasets]));
}

describe('the catalogue vocabulary under concurrent writers (PostgreSQL)', () => {
  it('counts the words of datasets written at the same time, shared words in any order', async () => {
    const { teamId } = await signUpConfirmed(test);
    const db = test.app.deps.db;
    // Each writer names the shared words in another order, several datasets per transaction.
    const writers = Array.from({ length: 6 }, (_, writer) =>
      db.transaction(async (tx) => {
        const ids: string[] = [];
        for (let index = 0; index < 5; index += 1) {
          const words = writer % 2 === 0 ? WORDS : [...WORDS].reverse();
          ids.push(await insertTeamDataset(tx, { teamId, name: words.join(' ') }));
        }
        return ids;
      }),
    );
    const ids = (await Promise.all(writers)).flat();
    expect(await counts()).toEqual({ alpaca: 30, bison: 30, caribou: 30, dingo: 30 });

    const half = ids.slice(0, 15);
    await Promise.all(
      half.map((id) =>
        db.transaction((tx) => tx.delete(dvDatasets).where(inArray(dvDatasets.id, [id]))),
      ),
    );
    expect(await counts()).toEqual({ alpaca: 15, bison: 15, caribou: 15, dingo: 15 });
    await db.delete(dvDatasets).where(inArray(dvDatasets.id, ids.slice(15)));
    expect(await counts()).toEqual({});
  });
});
