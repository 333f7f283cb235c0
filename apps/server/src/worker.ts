import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { stopOnSignals } from './platform/shutdown.js';

/** Runs only the job worker, against the same database as the API processes. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'npm run worker needs DATABASE_URL: the embedded database serves one process, and npm start already runs the worker.',
    );
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  app.deps.jobs.start();
  app.log.info('job worker started');
  // The running job may finish within the timeout; past it, it is handed back to the others.
  stopOnSignals({
    log: app.log,
    timeoutMilliseconds: config.shutdownTimeoutMilliseconds,
    async stop() {
      app.deps.lifecycle.drain();
      await app.deps.jobs.stop(config.shutdownTimeoutMilliseconds);
      await app.close();
      await database.close();
    },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
