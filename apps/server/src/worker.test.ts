import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('npm run worker', () => {
  it('refuses to start on the embedded database, which serves one process only', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'neuron-worker-')),
    };
    delete env.DATABASE_URL;
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: SERVER_DIR,
      env,
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('npm run worker needs DATABASE_URL') as unknown,
    });
  });
});
