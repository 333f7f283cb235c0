import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { create as createTar, extract as extractTar } from 'tar';
import { lockDataDir } from '../db/client.js';
import { systemClock } from './clock.js';
import { S3Storage, type S3Settings } from './s3-storage.js';
import { LocalStorage, type Storage } from './storage.js';

const run = promisify(execFile);

/** What a backup folder holds; `manifest.json` tells a restore what it is reading. */
export const BACKUP_FILES = {
  manifest: 'manifest.json',
  /** pg_dump's custom format, PostgreSQL installs only. */
  database: 'database.dump',
  /** The data folder: stored files, generated secrets and, for PGlite, the database itself. */
  data: 'data.tar',
  /** The S3 bucket's objects, when the install keeps its files there: a folder of them. */
  bucket: 'bucket',
} as const;

const BACKUP_FORMAT = 1;
/** The embedded database's folder and its lock, inside the data folder (see db/client.ts). */
const PGLITE_FOLDER = 'pgdata';
const LOCK_FILE = 'server.lock';
const STORED_FILES_FOLDER = 'files';

export type BackupManifest = {
  format: number;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** The bucket copied into the backup, and how many objects it held (absent: no S3). */
  bucket?: { name: string; objects: number };
};

export type InstallLocation = {
  /** `postgres://…`; absent for the embedded PGlite database in the data folder. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** The install's bucket, when its files are kept in S3. */
  s3?: S3Settings | undefined;
};

export class BackupError extends Error {}

/**
 * Copies an install into an empty folder: the PostgreSQL database with pg_dump (custom
 * format, taken in one snapshot while the install runs) and the data folder as a tar file.
 * The embedded database is copied with its folder, which needs the server stopped: its lock
 * is taken for the copy.
 */
export async function backupInstall(
  options: InstallLocation & { destination: string },
): Promise<BackupManifest> {
  await requireEmptyFolder(options.destination, 'The backup folder');
  await mkdir(options.destination, { recursive: true });
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: options.databaseUrl ? 'postgres' : 'pglite',
  };
  if (options.databaseUrl) {
    await pgTool('pg_dump', [
      '--format=custom',
      `--file=${path.join(options.destination, BACKUP_FILES.database)}`,
      `--dbname=${options.databaseUrl}`,
    ]);
    await tarDataDir(options.dataDir, options.destination, [PGLITE_FOLDER]);
  } else {
    await withDataDirLock(options.dataDir, () =>
      tarDataDir(options.dataDir, options.destination, []),
    );
  }
  if (options.s3) {
    const objects = await copyFiles(
      bucketStorage(options.s3),
      folderStorage(path.join(options.destination, BACKUP_FILES.bucket)),
    );
    manifest.bucket = { name: options.s3.bucket, objects };
  }
  await writeFile(
    path.join(options.destination, BACKUP_FILES.manifest),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  return manifest;
}

/**
 * Restores a backup into a fresh install: an empty PostgreSQL database (or none, for a PGlite
 * backup) and a data folder without stored files or database. An install that is not fresh is
 * refused, so a restore never mixes two installs' data.
 */
export async function restoreInstall(
  options: InstallLocation & { source: string },
): Promise<BackupManifest> {
  const manifest = await readManifest(options.source);
  if (manifest.database === 'postgres' && !options.databaseUrl) {
    throw new BackupError(
      'This backup is of a PostgreSQL install: set DATABASE_URL to the empty database to restore it into.',
    );
  }
  if (manifest.database === 'pglite' && options.databaseUrl) {
    throw new BackupError(
      'This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.',
    );
  }
  await requireFreshDataDir(options.dataDir);
  const bucket = await freshBucketFor(manifest, options.s3);
  if (options.databaseUrl) {
    await requireEmptyDatabase(options.databaseUrl);
    await pgTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${options.databaseUrl}`,
      path.join(options.source, BACKUP_FILES.database),
    ]);
    await extractTar({ file: path.join(options.source, BACKUP_FILES.data), cwd: options.dataDir });
  } else {
    await withDataDirLock(options.dataDir, () =>
      extractTar({ file: path.join(options.source, BACKUP_FILES.data), cwd: options.dataDir }),
    );
  }
  if (bucket)
    await copyFiles(folderStorage(path.join(options.source, BACKUP_FILES.bucket)), bucket);
  return manifest;
}

/** Storage used only to copy files: its signed addresses are never made. */
const COPY_ONLY = { secret: 'backup-copy', clock: systemClock };
const bucketStorage = (s3: S3Settings) => new S3Storage({ s3, ...COPY_ONLY });
const folderStorage = (root: string) => new LocalStorage({ root, ...COPY_ONLY });

/** Every stored file streamed from one store to the other with its content type; answers the count. */
async function copyFiles(from: Storage, to: Storage): Promise<number> {
  let count = 0;
  for await (const key of from.keys()) {
    const info = await from.head(key);
    const body = await from.openRead(key);
    if (!info || !body) continue;
    await to.putStream(key, body, info.contentType);
    count++;
  }
  return count;
}

/**
 * The bucket a backup's bucket copy goes back into: the configured one, which must exist and be
 * empty. A backup holding a bucket needs one configured; `undefined` when there is nothing to copy.
 */
async function freshBucketFor(manifest: BackupManifest, s3: S3Settings | undefined) {
  if (!manifest.bucket) return undefined;
  if (!s3) {
    throw new BackupError(
      `This backup holds the files of the S3 bucket "${manifest.bucket.name}": set S3_BUCKET and the other S3 variables to a new, empty bucket to restore them into.`,
    );
  }
  const bucket = bucketStorage(s3);
  await bucket.check();
  const first = await bucket.keys().next();
  if (!first.done) {
    throw new BackupError(
      `The S3 bucket "${s3.bucket}" already holds files (${first.value}): restore into a new, empty bucket.`,
    );
  }
  return bucket;
}

async function tarDataDir(dataDir: string, destination: string, leaveOut: string[]) {
  // A fresh install has stored nothing yet; its files folder still makes a tar of one entry.
  await mkdir(path.join(dataDir, STORED_FILES_FOLDER), { recursive: true });
  const entries = (await readdir(dataDir)).filter(
    (entry) => entry !== LOCK_FILE && !leaveOut.includes(entry),
  );
  await createTar({ file: path.join(destination, BACKUP_FILES.data), cwd: dataDir }, entries);
}

async function withDataDirLock(dataDir: string, work: () => Promise<void>): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    await work();
  } finally {
    release();
  }
}

async function readManifest(source: string): Promise<BackupManifest> {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(
      await readFile(path.join(source, BACKUP_FILES.manifest), 'utf8'),
    ) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(
      `${source} is not a backup: it has no readable ${BACKUP_FILES.manifest}.`,
    );
  }
  if (manifest.format !== BACKUP_FORMAT || !manifest.database || !manifest.createdAt) {
    throw new BackupError(
      `${source} holds a backup of another format (${String(manifest.format)}).`,
    );
  }
  return manifest as BackupManifest;
}

async function requireEmptyFolder(folder: string, what: string) {
  if (existsSync(folder) && (await readdir(folder)).length > 0) {
    throw new BackupError(`${what} ${folder} is not empty.`);
  }
}

/** A generated secret may already be there (the configuration writes one); data may not. */
async function requireFreshDataDir(dataDir: string) {
  const hasFiles =
    existsSync(path.join(dataDir, STORED_FILES_FOLDER)) &&
    (await readdir(path.join(dataDir, STORED_FILES_FOLDER))).length > 0;
  if (hasFiles || existsSync(path.join(dataDir, PGLITE_FOLDER))) {
    throw new BackupError(
      `DATA_DIR ${dataDir} already holds an install (stored files or a database): restore into a fresh one.`,
    );
  }
}

async function requireEmptyDatabase(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      `select count(*) as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(result.rows[0]?.count) > 0) {
      throw new BackupError(
        'DATABASE_URL names a database that already has tables: restore into an empty one (createdb).',
      );
    }
  } finally {
    await client.end();
  }
}

/** Runs pg_dump or pg_restore (Debian's postgresql-client), answering their own error text. */
async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(`${tool} is not installed: install the PostgreSQL client tools.`);
    }
    throw new BackupError(`${tool} failed: ${failure.stderr?.trim() ?? failure.message}`);
  }
}
