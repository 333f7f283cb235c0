import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { plans } from '../db/schema/index.js';
import { seedCatalogue } from '../modules/catalogue/seed.js';
import { BackupError, backupInstall, restoreInstall } from './install-backup.js';

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
