import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TInvoice } from '@app/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { subscribeLegalBasic } from '../modules/billing/billing-fixtures.js';
import { seedCatalogue } from '../modules/catalogue/seed.js';
import { PNG_1X1, fileUpload } from '../test/fixtures.js';
import { startProcess } from '../test/processes.js';
import { STRONG_PASSWORD, bearer, signUpConfirmed, type TestApp } from '../test/test-app.js';
import { createTestClock } from './clock.js';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? '';
const JWT_SECRET = 'backup-test-secret-long-enough-for-hs256';

const admin = new pg.Client({ connectionString: SERVER_URL });
const databases: string[] = [];
const folders: string[] = [];

beforeAll(async () => {
  await admin.connect();
});
afterAll(async () => {
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.end();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function createDatabase(): Promise<string> {
  const name = `backup_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  databases.push(name);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'neuron-backup-'));
  folders.push(folder);
  return folder;
}

/** A whole install (database and data folder) served by an app, as `npm start` would run it. */
async function startInstall(options: { databaseUrl: string; dataDir: string; seed: boolean }) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    JWT_SECRET,
    EXCHANGE_RATES_URL: 'off',
    WEB_DIST: path.join(options.dataDir, 'no-web-app'),
  });
  const database = await openDatabase({ databaseUrl: options.databaseUrl });
  if (options.seed) await seedCatalogue(database.db);
  const app = await buildApp({ config, db: database.db, clock: createTestClock(new Date()) });
  await app.ready();
  const install: TestApp = {
    app,
    clock: createTestClock(new Date()),
    config,
    async outbox() {
      await app.deps.jobs.runDue();
      return (await app.inject({ method: 'GET', url: '/api/dev/outbox' })).json();
    },
    reset: () => Promise.reject(new Error('not used')),
    async close() {
      await app.close();
      await database.close();
    },
  };
  return install;
}

/** Runs `npm run backup` or `npm run restore` (from the sources) and answers its exit and output. */
async function runTool(
  entry: 'src/backup.ts' | 'src/restore.ts',
  location: { databaseUrl: string; dataDir: string },
  folder: string,
) {
  const tool = startProcess(
    entry,
    {
      DATABASE_URL: location.databaseUrl,
      DATA_DIR: location.dataDir,
      JWT_SECRET,
      LOG_LEVEL: 'silent',
    },
    [folder],
  );
  return { code: await tool.exited, output: tool.output() };
}

async function readBack(install: TestApp, token: string) {
  const invoices = (
    await install.app.inject({ method: 'GET', url: '/api/user/invoices', headers: bearer(token) })
  ).json<TInvoice[]>();
  const pdfs = await Promise.all(
    invoices.map(
      async (invoice) =>
        (await install.app.inject({ method: 'GET', url: invoice.invoicePdf })).rawPayload,
    ),
  );
  const photo = await install.app.inject({
    method: 'GET',
    url: '/api/user/profile/photo',
    headers: bearer(token),
  });
  const photoFile = await install.app.inject({
    method: 'GET',
    url: photo.json<{ url: string }>().url,
  });
  const user = (
    await install.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })
  ).json<{ id: string; email: string; teamId: string }>();
  return {
    invoices,
    pdfs,
    photo: photoFile,
    user: { id: user.id, email: user.email, teamId: user.teamId },
  };
}

describe('npm run backup and npm run restore on PostgreSQL', () => {
  it('restore a team, its paid subscription, invoice PDF and stored file into a fresh install that serves them', async () => {
    const source = { databaseUrl: await createDatabase(), dataDir: newFolder() };
    const install = await startInstall({ ...source, seed: true });
    const { token, email } = await signUpConfirmed(install);
    await subscribeLegalBasic(install, token);
    const { payload, headers } = fileUpload({
      body: PNG_1X1,
      filename: 'me.png',
      contentType: 'image/png',
    });
    const upload = await install.app.inject({
      method: 'POST',
      url: '/api/user/profile/photo',
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await install.outbox();
    const before = await readBack(install, token);
    expect(before.invoices).toHaveLength(1);
    expect(before.invoices[0]?.status).toBe('paid');
    await install.close();

    const backupFolder = path.join(newFolder(), 'backup');
    const backup = await runTool('src/backup.ts', source, backupFolder);
    expect(backup.code, backup.output).toBe(0);

    const target = { databaseUrl: await createDatabase(), dataDir: newFolder() };
    const restore = await runTool('src/restore.ts', target, backupFolder);
    expect(restore.code, restore.output).toBe(0);

    const restored = await startInstall({ ...target, seed: false });
    try {
      const login = await restored.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: STRONG_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const after = await readBack(restored, login.json<{ token: string }>().token);
      expect(after.user).toEqual(before.user);
      expect(
        after.invoices.map(({ number, total, status }) => ({ number, total, status })),
      ).toEqual(before.invoices.map(({ number, total, status }) => ({ number, total, status })));
      expect(after.pdfs[0]?.subarray(0, 5).toString()).toBe('%PDF-');
      expect(after.pdfs[0]?.equals(before.pdfs[0] ?? Buffer.alloc(0))).toBe(true);
      expect(after.photo.statusCode).toBe(200);
      expect(after.photo.rawPayload.equals(PNG_1X1)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore into a database or data folder that already holds an install, and a folder that is no backup', async () => {
    const source = { databaseUrl: await createDatabase(), dataDir: newFolder() };
    const install = await startInstall({ ...source, seed: true });
    await install.close();
    const backupFolder = path.join(newFolder(), 'backup');
    expect((await runTool('src/backup.ts', source, backupFolder)).code).toBe(0);

    const intoUsedDatabase = await runTool(
      'src/restore.ts',
      { databaseUrl: source.databaseUrl, dataDir: newFolder() },
      backupFolder,
    );
    expect(intoUsedDatabase.code).toBe(1);
    expect(intoUsedDatabase.output).toContain('already has tables');

    const notABackup = await runTool(
      'src/restore.ts',
      { databaseUrl: await createDatabase(), dataDir: newFolder() },
      newFolder(),
    );
    expect(notABackup.code).toBe(1);
    expect(notABackup.output).toContain('is not a backup');

    const overBackup = await runTool('src/backup.ts', source, backupFolder);
    expect(overBackup.code).toBe(1);
    expect(overBackup.output).toContain('is not empty');
  });
});
