import type { TRun } from '@app/contracts/nucleus';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/test-app.js';
import { runFileKey } from './files.js';
import {
  confirmedRun,
  finishedRun,
  getJson,
  nucleusTeam,
  startSynthesis,
} from './nucleus-fixtures.js';

const test = useTestApp();
const systemTemporary = process.env.TMPDIR;
/** The system's temporary folder of this test: where a run's job makes its scratch folder. */
let temporary = '';

/** The scratch folders of runs left in the temporary folder. */
async function scratchFolders(): Promise<string[]> {
  return (await readdir(temporary)).filter((name) => name.startsWith('nucleus-run-'));
}

describe('Nucleus run scratch folder', () => {
  beforeEach(async () => {
    temporary = await mkdtemp(path.join(tmpdir(), 'nucleus-scratch-test-'));
    process.env.TMPDIR = temporary;
  });

  afterEach(async () => {
    process.env.TMPDIR = systemTemporary;
    if (systemTemporary === undefined) delete process.env.TMPDIR;
    await rm(temporary, { recursive: true, force: true });
  });

  it('is removed when the run is done, once its rows are streamed from it to storage', async () => {
    const { session } = await nucleusTeam(test);
    const storage = test.app.deps.storage;
    const putStream = storage.putStream.bind(storage);
    const seen: string[][] = [];
    storage.putStream = async (...args) => {
      if (args[0].endsWith('/data.csv')) seen.push(await scratchFolders());
      return putStream(...args);
    };
    try {
      await finishedRun(test, session);
    } finally {
      storage.putStream = putStream;
    }
    expect(seen).toEqual([[expect.stringMatching(/^nucleus-run-/)]]);
    expect(await scratchFolders()).toEqual([]);
  });

  it('is removed when the run fails', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const source = await finishedRun(test, session);
    const key = runFileKey({ teamId, id: source.id }, 'model.json');
    await test.app.deps.storage.put(key, Buffer.from('{"broken": true}'), 'application/json');
    const queued = await test.app.inject({
      method: 'POST',
      url: `/api/sinteza/generate?runId=${source.id}&numRows=10`,
      headers: bearer(session),
    });
    expect(queued.statusCode, queued.body).toBe(202);
    await test.app.deps.jobs.runDue();
    const run = await getJson<TRun>(test, session, `/api/sinteza/run/${queued.json<TRun>().id}`);
    expect(run.status).toBe('FAILED');
    expect(await scratchFolders()).toEqual([]);
  });

  it('is removed when the run is cancelled while its rows are in it', async () => {
    const { session } = await nucleusTeam(test);
    const { runId } = await confirmedRun(test, session);
    expect((await startSynthesis(test, session, { runId, numRows: 50 })).statusCode).toBe(202);
    const storage = test.app.deps.storage;
    const putStream = storage.putStream.bind(storage);
    const seen: string[][] = [];
    // Cancelled at a known point: the engine has written the rows to the scratch folder.
    storage.putStream = async (...args) => {
      seen.push(await scratchFolders());
      const cancel = await test.app.inject({
        method: 'PUT',
        url: `/api/sinteza/run/${runId}/cancel`,
        headers: bearer(session),
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      return putStream(...args);
    };
    try {
      await test.app.deps.jobs.runDue();
    } finally {
      storage.putStream = putStream;
    }
    expect(seen).toEqual([[expect.stringMatching(/^nucleus-run-/)]]);
    const run = await getJson<TRun>(test, session, `/api/sinteza/run/${runId}`);
    expect(run.status).toBe('CANCELLED');
    expect(await scratchFolders()).toEqual([]);
  });
});
