import type { TDatasetsResponse } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.js';
import { dvSearchWords } from '../../db/schema/index.js';
import { bearer, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { insertTeamDataset } from './dataverse-fixtures.js';
import { updateTeamDataset } from './repository.js';
import { foldText } from './search-text.js';

const test = useTestApp();

async function search(token: string, query: string): Promise<string[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/dataverse/datasets?q=${encodeURIComponent(query)}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDatasetsResponse>().items.map((item) => item.datasetName);
}

/** How many datasets hold the word, as the catalogue's vocabulary counts them (0: absent). */
async function datasetsWith(word: string, executor: Executor = test.app.deps.db): Promise<number> {
  const [row] = await executor.select().from(dvSearchWords).where(eq(dvSearchWords.word, word));
  return row?.datasets ?? 0;
}

describe('the catalogue vocabulary behind typo tolerance', () => {
  it('finds a dataset by a typo of a word it gained, and no longer by a word it lost', async () => {
    const { token, teamId } = await signUpConfirmed(test);
    const db = test.app.deps.db;
    const id = await insertTeamDataset(db, { teamId, name: 'Quokka sightings' });
    expect(await search(token, 'quokak')).toEqual(['Quokka sightings']);

    const name = 'Wombat burrows';
    await updateTeamDataset(db, teamId, id, {
      name,
      searchName: foldText(name),
      searchText: foldText(`${name} Burrows dug per hectare.`),
    });
    expect(await search(token, 'quokak')).toEqual([]);
    expect(await search(token, 'wombta')).toEqual([name]);
    expect(await datasetsWith('quokka')).toBe(0);
    expect(await datasetsWith('burrows')).toBe(1);
  });

  it('counts a word once per dataset and drops it with the last dataset holding it', async () => {
    const owner = await signUpConfirmed(test);
    const db = test.app.deps.db;
    const first = await insertTeamDataset(db, { teamId: owner.teamId, name: 'Axolotl census' });
    const second = await insertTeamDataset(db, { teamId: owner.teamId, name: 'Axolotl axolotl' });
    expect(await datasetsWith('axolotl')).toBe(2);

    const remove = (id: string) =>
      test.app.inject({
        method: 'DELETE',
        url: `/api/dataset/${id}`,
        headers: bearer(owner.token),
      });
    expect((await remove(first)).statusCode).toBe(204);
    expect(await datasetsWith('axolotl')).toBe(1);
    expect(await datasetsWith('census')).toBe(0);
    expect(await search(owner.token, 'axolotel')).toEqual(['Axolotl axolotl']);

    expect((await remove(second)).statusCode).toBe(204);
    expect(await datasetsWith('axolotl')).toBe(0);
    expect(await search(owner.token, 'axolotel')).toEqual([]);
  });

  it('keeps no word of a write that was rolled back', async () => {
    const { teamId } = await signUpConfirmed(test);
    await expect(
      test.app.deps.db.transaction(async (tx) => {
        await insertTeamDataset(tx, { teamId, name: 'Narwhal migrations' });
        expect(await datasetsWith('narwhal', tx)).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await datasetsWith('narwhal')).toBe(0);
  });

  it('answers names and queries with quotes, backslashes and paths as plain words', async () => {
    const { token, teamId } = await signUpConfirmed(test);
    const name = "O'Brien\\Kelly registry of /var/log/syslog.1";
    await insertTeamDataset(test.app.deps.db, {
      teamId,
      name,
      description: 'Surnames.',
    });
    expect(await search(token, 'registyr')).toEqual([name]);
    expect(await search(token, "o'brien\\kely")).toEqual([name]);
  });
});
