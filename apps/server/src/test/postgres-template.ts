import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

/** The name under which the template's name is provided to the test files. */
export const POSTGRES_TEMPLATE = 'postgresTemplate';

declare module 'vitest' {
  // Only an interface merges with vitest's declaration.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A database migrated once for the run, that each test database is copied from. */
    postgresTemplate: string | undefined;
  }
}

/**
 * With TEST_DATABASE_URL, migrates one template database for the run, so that each test file's
 * database is a copy of it (`CREATE DATABASE … TEMPLATE`) instead of running every migration.
 */
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide(POSTGRES_TEMPLATE, undefined);
    return undefined;
  }
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const template = await openDatabase({ databaseUrl: url.toString() });
  // A template must have no connection open while it is copied.
  await template.close();
  project.provide(POSTGRES_TEMPLATE, name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  };
}
