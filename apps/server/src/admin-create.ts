import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createPlatformAdmin } from './modules/admin/service.js';

/**
 * `npm run admin:create` creates a platform administrator (role 4) from ADMIN_EMAIL and
 * ADMIN_PASSWORD in the install the configuration points at. The embedded database serves one
 * process: stop the server first, or run it against the same DATABASE_URL.
 */
async function main(): Promise<void> {
  // The configuration checks the address and the password's strength.
  const config = loadConfig();
  if (!config.admin) throw new Error('Set ADMIN_EMAIL and ADMIN_PASSWORD.');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const admin = await createPlatformAdmin(database.db, config.admin);
    console.log(`Created the platform administrator ${admin.email} (${admin.id}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
