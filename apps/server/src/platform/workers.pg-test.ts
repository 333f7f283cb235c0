import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { jobs, mailOutbox } from '../db/schema/index.js';
import { openTestDatabase } from '../test/test-app.js';
import { systemClock } from './clock.js';
import { JobQueue } from './jobs.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const log = pino({ level: 'silent' });

let database: { handle: DatabaseHandle; close(): Promise<void> };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.handle.db.delete(jobs);
  await database.handle.db.delete(mailOutbox);
});

describe('job workers sharing one PostgreSQL database', () => {
  it('run each job once when two worker processes claim at the same time', async () => {
    // A second pool stands for a second process: its own connections, its own claims.
    const second = await openDatabase({ databaseUrl: databaseUrlOf(database.handle) });
    try {
      const ran: string[] = [];
      const workers = [database.handle.db, second.db].map((db) => {
        const queue = new JobQueue({ db, clock: systemClock, log });
        queue.register('count', async (payload) => {
          ran.push((payload as { n: string }).n);
          await new Promise((resolve) => setTimeout(resolve, 5));
        });
        return queue;
      });
      for (let n = 0; n < 40; n++) await workers[0]!.enqueue('count', { n: String(n) });

      const counts = await Promise.all(workers.map((queue) => queue.runDue()));

      expect(counts[0]! + counts[1]!).toBe(40);
      expect(counts.every((count) => count > 0)).toBe(true);
      expect([...ran].sort()).toEqual(Array.from({ length: 40 }, (_, n) => String(n)).sort());
    } finally {
      await second.close();
    }
  });

  it('`npm run worker` delivers mail queued by another process', async () => {
    const queue = new JobQueue({ db: database.handle.db, clock: systemClock, log });
    const jobId = await queue.enqueue('mail.deliver', {
      to: 'ana@acme-industries.com',
      subject: 'From the API process',
      text: 'Hello',
      html: '<p>Hello</p>',
    });

    const worker = startWorker(databaseUrlOf(database.handle));
    try {
      await expect
        .poll(
          async () =>
            (await database.handle.db.select().from(mailOutbox)).map((mail) => mail.subject),
          {
            timeout: 30_000,
            interval: 250,
          },
        )
        .toEqual(['From the API process']);
      const [job] = await database.handle.db.select().from(jobs).where(eq(jobs.id, jobId));
      expect(job?.status).toBe('completed');
    } finally {
      worker.kill('SIGTERM');
    }
  });
});

function startWorker(databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'neuron-worker-')),
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
}

function databaseUrlOf(handle: DatabaseHandle): string {
  if (!handle.url) throw new Error('these tests need TEST_DATABASE_URL');
  return handle.url;
}
