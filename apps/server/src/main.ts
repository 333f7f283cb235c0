import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { startAutovacuum } from './db/autovacuum.js';
import { ensurePlatformAdmin } from './modules/admin/service.js';
import { seedCatalogue } from './modules/catalogue/seed.js';
import { seedDataverse } from './modules/dataverse/seed.js';
import { stopOnSignals } from './platform/shutdown.js';

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
  const autovacuum =
    database.kind === 'pglite' ? startAutovacuum({ db: database.db, log: app.log }) : undefined;

  // Readiness turns false, the port closes, requests in flight and the running job finish;
  // past the timeout the open connections are closed and the job is handed back.
  const timeout = config.shutdownTimeoutMilliseconds;
  stopOnSignals({
    log: app.log,
    timeoutMilliseconds: timeout,
    async stop() {
      app.deps.lifecycle.drain();
      const closeConnections = setTimeout(() => {
        app.log.warn('shutdown timeout: closing the connections still open');
        app.server.closeAllConnections();
      }, timeout);
      await Promise.all([app.deps.jobs.stop(timeout), app.close()]);
      clearTimeout(closeConnections);
      await autovacuum?.stop();
      await database.close();
    },
  });

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
