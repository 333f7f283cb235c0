import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROLES } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { users } from './db/schema/index.js';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'neuron-admin-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function adminCreate(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete childEnv.DATABASE_URL;
  delete childEnv.ADMIN_EMAIL;
  delete childEnv.ADMIN_PASSWORD;
  Object.assign(childEnv, env);
  if (!('ADMIN_EMAIL' in env)) delete childEnv.ADMIN_EMAIL;
  if (!('ADMIN_PASSWORD' in env)) delete childEnv.ADMIN_PASSWORD;
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/admin-create.ts'], {
    cwd: SERVER_DIR,
    env: childEnv,
  });
}

describe('npm run admin:create', () => {
  it('creates an enabled platform administrator in the configured install', async () => {
    const { stdout } = await adminCreate({
      ADMIN_EMAIL: 'ops@neuron-platform.test',
      ADMIN_PASSWORD: 'Admin#Pass97',
    });
    expect(stdout).toContain('Created the platform administrator ops@neuron-platform.test');

    const database = await openDatabase({ dataDir });
    try {
      const admin = await database.db.query.users.findFirst({
        where: eq(users.email, 'ops@neuron-platform.test'),
      });
      expect(admin).toMatchObject({ enabled: true, roles: [ROLES.PLATFORM_ADMIN] });
    } finally {
      await database.close();
    }
  });

  it.each([
    ['without the variables', {}],
    ['with a weak password', { ADMIN_EMAIL: 'ops@neuron-platform.test', ADMIN_PASSWORD: 'weak' }],
  ])('explains what it needs %s', async (_case, env: Record<string, string>) => {
    await expect(adminCreate(env)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('ADMIN_PASSWORD') as unknown,
    });
  });
});
