import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { ensurePlatformAdmin } from './modules/admin/service.js';
import { seedCatalogue } from './modules/catalogue/seed.js';
import { seedDataverse } from './modules/dataverse/seed.js';

/** Start-up: config → database (migrated) → app → listen, with the job worker when embedded. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedCatalogue(database.db);
  const app = await buildApp({ config, db: database.db });
  await seedDataverse(database.db, app.deps.storage);
  if (config.admin) {
    const admin = await ensurePlatformAdmin(database.db, config.admin);
    if (admin) app.log.info({ email: admin.email }, 'created the platform administrator');
  }
  if (config.embeddedWorker) app.deps.jobs.start();

  const shutdown = async (signal: string): Promise<void> => {
    app.log.info({ signal }, 'shutting down');
    await app.deps.jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: database.kind, dataDir: config.dataDir, mail: app.deps.mailer.transport.kind },
    `Neuron Platform is serving ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
