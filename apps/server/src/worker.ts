import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';

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
  const shutdown = async (): Promise<void> => {
    await app.deps.jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
