import path from 'node:path';
import { loadConfig } from './config.js';
import { restoreInstall } from './platform/install-backup.js';

/**
 * `npm run restore -- <folder>` restores a backup of `npm run backup` into the fresh install
 * the configuration points at (an empty DATABASE_URL database or none, and a new DATA_DIR).
 */
async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder) throw new Error('Name the backup folder: npm run restore -- <folder>');
  const config = loadConfig();
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  const manifest = await restoreInstall({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    s3: config.s3,
    source,
  });
  console.log(`Restored the ${manifest.database} backup of ${manifest.createdAt} from ${source}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
