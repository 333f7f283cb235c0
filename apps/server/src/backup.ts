import path from 'node:path';
import { loadConfig } from './config.js';
import { backupInstall } from './platform/install-backup.js';

/**
 * `npm run backup -- <folder>` copies the install the configuration points at (DATABASE_URL or
 * the embedded database, and DATA_DIR) into an empty folder; `npm run restore` reads it back.
 */
async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder) throw new Error('Name the backup folder: npm run backup -- <folder>');
  const config = loadConfig();
  const destination = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  const manifest = await backupInstall({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    s3: config.s3,
    destination,
  });
  const bucket = manifest.bucket
    ? ` with the ${String(manifest.bucket.objects)} files of the S3 bucket ${manifest.bucket.name}`
    : '';
  console.log(`Backed up the ${manifest.database} install${bucket} into ${destination}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
