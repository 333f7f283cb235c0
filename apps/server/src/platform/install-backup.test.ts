import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { plans } from '../db/schema/index.js';
import { seedCatalogue } from '../modules/catalogue/seed.js';
import { startS3Server } from '../test/s3-server.js';
import { systemClock } from './clock.js';
import { BackupError, backupInstall, restoreInstall } from './install-backup.js';
import { S3Storage, type S3Settings } from './s3-storage.js';

const folders: string[] = [];
function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'neuron-backup-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function planCount(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    return (await database.db.select().from(plans)).length;
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded install', () => {
  // Opens the embedded database four times, each with its migrations: slow on a loaded machine.
  it(
    'restores the PGlite database and the stored files into a new data folder',
    { timeout: 180_000 },
    async () => {
      const source = newFolder();
      const database = await openDatabase({ dataDir: source });
      await seedCatalogue(database.db);
      await database.close();
      await mkdir(path.join(source, 'files', 'photos'), { recursive: true });
      await writeFile(path.join(source, 'files', 'photos', 'me.png'), 'picture');
      const seeded = await planCount(source);
      expect(seeded).toBeGreaterThan(0);

      const backup = path.join(newFolder(), 'backup');
      await backupInstall({ dataDir: source, destination: backup });
      const target = newFolder();
      const manifest = await restoreInstall({ dataDir: target, source: backup });

      expect(manifest.database).toBe('pglite');
      expect(await planCount(target)).toBe(seeded);
      expect(await readFile(path.join(target, 'files', 'photos', 'me.png'), 'utf8')).toBe(
        'picture',
      );
    },
  );

  it('refuses a PGlite backup for a PostgreSQL install, a used data folder and a folder that is no backup', async () => {
    const source = newFolder();
    await mkdir(path.join(source, 'files'));
    await writeFile(path.join(source, 'files', 'a.txt'), 'a');
    const backup = path.join(newFolder(), 'backup');
    await backupInstall({ dataDir: source, destination: backup });

    await expect(
      restoreInstall({
        databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
        dataDir: newFolder(),
        source: backup,
      }),
    ).rejects.toThrow(/unset DATABASE_URL/);
    await expect(restoreInstall({ dataDir: source, source: backup })).rejects.toThrow(
      /already holds an install/,
    );
    await expect(restoreInstall({ dataDir: newFolder(), source: newFolder() })).rejects.toThrow(
      BackupError,
    );
    await expect(backupInstall({ dataDir: source, destination: backup })).rejects.toThrow(
      /is not empty/,
    );
  });
});

describe('backup and restore of the S3 bucket', () => {
  /** The install's settings for the s3rver bucket that `env` points at. */
  const settingsOf = (env: Record<string, string>) => {
    const config = loadConfig({ DATA_DIR: newFolder(), ...env });
    if (!config.s3) throw new Error('the S3 settings are missing');
    return config.s3;
  };
  const bucketOf = (s3: S3Settings) =>
    new S3Storage({ s3, secret: 'test-secret', clock: systemClock });

  it('copies the bucket into the backup and puts it back into a new, empty bucket only', async () => {
    const [first, second] = await Promise.all([
      startS3Server('neuron-source'),
      startS3Server('neuron-fresh'),
    ]);
    try {
      const source = settingsOf(first.env);
      const target = settingsOf(second.env);
      const photo = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
      await bucketOf(source).put('photos/team-1/me.png', photo, 'image/png');
      await bucketOf(source).put(
        'nucleus/team-1/runs/r1/data.csv',
        Buffer.from('a\n1\n'),
        'text/csv',
      );

      const backup = path.join(newFolder(), 'backup');
      const manifest = await backupInstall({
        dataDir: newFolder(),
        destination: backup,
        s3: source,
      });
      expect(manifest.bucket).toEqual({ name: 'neuron-source', objects: 2 });

      await expect(restoreInstall({ dataDir: newFolder(), source: backup })).rejects.toThrow(
        /holds the files of the S3 bucket "neuron-source"/,
      );
      await expect(
        restoreInstall({ dataDir: newFolder(), source: backup, s3: source }),
      ).rejects.toThrow(/"neuron-source" already holds files/);

      await restoreInstall({ dataDir: newFolder(), source: backup, s3: target });
      const restored = bucketOf(target);
      expect(await restored.get('photos/team-1/me.png')).toEqual({
        body: photo,
        contentType: 'image/png',
      });
      expect((await restored.get('nucleus/team-1/runs/r1/data.csv'))?.body.toString()).toBe(
        'a\n1\n',
      );
      const keys = [];
      for await (const key of restored.keys()) keys.push(key);
      expect(keys.sort()).toEqual(['nucleus/team-1/runs/r1/data.csv', 'photos/team-1/me.png']);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  }, 120_000);
});
