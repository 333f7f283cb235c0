import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TOutboxMessage } from '@app/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { createTestClock, type TestClock } from '../platform/clock.js';
import { POSTGRES_TEMPLATE } from './postgres-template.js';
import { resetDatabase } from './reset-database.js';

export type TestApp = {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
  /** Delivers queued mail and returns the outbox, newest first. */
  outbox(): Promise<TOutboxMessage[]>;
  /** Brings the database back to the seeded catalogue alone and sets the clock to now. */
  reset(): Promise<void>;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /**
   * PGlite in the app's data folder, as the product runs it, instead of in memory: for
   * benchmarks, where the in-memory file system's copying on growth would be measured too.
   */
  embeddedOnDisk?: boolean;
};

/**
 * A whole app on a database of its own: in-memory PGlite, or, when TEST_DATABASE_URL points
 * at a PostgreSQL server, a fresh database there that is dropped afterwards.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'neuron-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    RATE_LIMIT_AUTH_MAX: '1000',
    EXCHANGE_RATES_URL: 'off',
    WEB_DIST: path.join(dataDir, 'no-web-app'),
    ...env,
  });
  const database = await openTestDatabase(options.embeddedOnDisk ? dataDir : undefined);
  const clock = createTestClock(new Date());
  let app;
  try {
    app = await buildApp({ config, db: database.handle.db, clock });
  } catch (error) {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  await app.ready();
  return {
    app,
    clock,
    config,
    async outbox() {
      await app.deps.jobs.runDue();
      const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
      return response.json<TOutboxMessage[]>();
    },
    async reset() {
      await resetDatabase(database.handle);
      clock.set(new Date());
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app per test file, emptied before each test: `const test = useTestApp();` at the top
 * of a file. The returned object reads the app built in beforeAll.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let current: TestApp | undefined;
  const get = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app is only there inside tests');
    return current;
  };
  beforeAll(async () => {
    current = await buildTestApp(env);
  });
  afterAll(async () => {
    await get().close();
  });
  beforeEach(async () => {
    await get().reset();
  });
  return {
    get app() {
      return get().app;
    },
    get clock() {
      return get().clock;
    },
    get config() {
      return get().config;
    },
    outbox: () => get().outbox(),
    reset: () => get().reset(),
    close: () => get().close(),
  };
}

type TestDatabase = { handle: DatabaseHandle; close(): Promise<void> };

/**
 * Embedded databases handed back by closed test apps, migrated. The server
 * project runs its files one after another in each worker process, in one module graph
 * (`isolate: false` in vitest.config.ts), so the next file takes one of these instead of
 * starting PGlite and running every migration again.
 */
const spareEmbeddedDatabases: DatabaseHandle[] = [];

/**
 * A migrated database of its own holding the seeded catalogue alone: embedded PGlite (in
 * `embeddedDataDir` when given, else in memory), or, when TEST_DATABASE_URL points at a
 * PostgreSQL server, a copy of the template database migrated once per run
 * (postgres-template.ts) that is dropped afterwards.
 */
export async function openTestDatabase(embeddedDataDir?: string): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl && embeddedDataDir) {
    const handle = await openDatabase({ dataDir: embeddedDataDir });
    await resetDatabase(handle);
    return { handle, close: () => handle.close() };
  }
  if (!serverUrl) {
    const handle = spareEmbeddedDatabases.pop() ?? (await openDatabase({}));
    await resetDatabase(handle);
    return {
      handle,
      // The next file resets it as it takes it.
      async close() {
        spareEmbeddedDatabases.push(handle);
      },
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // Benchmarks build test apps outside vitest, where nothing is provided.
  const template = process.env.VITEST ? inject(POSTGRES_TEMPLATE) : undefined;
  await admin.query(
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await resetDatabase(handle);
  return {
    handle,
    async close() {
      await handle.close();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

export function expectAppError(
  response: LightMyRequestResponse,
  status: number,
  code: string,
  field?: string,
): void {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ error: { code: string; fields?: Record<string, string> } }>();
  expect(body.error.code).toBe(code);
  if (field) expect(body.error.fields).toHaveProperty(field);
}

export const STRONG_PASSWORD = 'Bright#Moon42';

let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}.${randomBytes(3).toString('hex')}@acme-industries.com`;
}

export function linkToken(message: TOutboxMessage, route: string): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(message.text);
  if (!match?.[1]) throw new Error(`no /${route}/ link in "${message.subject}"`);
  return match[1];
}

type RegisterOptions = { email?: string; password?: string; language?: string };

/** Registers and confirms a user through the API; returns the session token. */
export async function signUpConfirmed(
  test: TestApp,
  options: RegisterOptions = {},
): Promise<{ token: string; email: string; userId: string; teamId: string }> {
  const email = options.email ?? uniqueEmail();
  const register = await test.app.inject({
    method: 'POST',
    url: '/api/register',
    headers: { 'x-app-id': 'web', 'accept-language': options.language ?? 'en-US' },
    payload: {
      email,
      password: options.password ?? STRONG_PASSWORD,
      firstName: 'Ana',
      lastName: 'García',
    },
  });
  expect(register.statusCode, register.body).toBe(201);
  const mail = (await test.outbox()).find((message) => message.to === email);
  if (!mail) throw new Error(`no confirmation mail for ${email}`);
  const confirm = await test.app.inject({
    method: 'POST',
    url: `/api/register/confirm/${linkToken(mail, 'registration_confirm')}`,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const session = confirm.json<{ token: string; user: { id: string; teamId: string } }>();
  return { token: session.token, email, userId: session.user.id, teamId: session.user.teamId };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
