import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { jobs, mailOutbox } from '../db/schema/index.js';
import { startProcess, type ServerProcess } from '../test/processes.js';
import { openTestDatabase } from '../test/test-app.js';
import { systemClock } from './clock.js';
import { JobQueue } from './jobs.js';

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
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });
});

describe('a job worker stopping on SIGTERM', () => {
  const mail = {
    to: 'ana@acme-industries.com',
    subject: 'Your invoice',
    text: 'Hello',
    html: '<p>Hello</p>',
  };

  it('takes no new job and finishes the one it runs', { timeout: 180_000 }, async () => {
    const smtp = await startSmtpServer();
    const queue = new JobQueue({ db: database.handle.db, clock: systemClock, log });
    const jobId = await queue.enqueue('mail.deliver', mail);
    const worker = startWorker(databaseUrlOf(database.handle), {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
    try {
      await expect.poll(() => smtp.messagesBegun, { timeout: 60_000, interval: 100 }).toBe(1);
      const laterId = await queue.enqueue('mail.deliver', { ...mail, subject: 'Later' });

      worker.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      smtp.release();

      expect(await worker.exited).toBe(0);
      expect(smtp.messagesAccepted).toBe(1);
      expect(await statusOf(jobId)).toMatchObject({ status: 'completed', attempts: 1 });
      expect(await statusOf(laterId)).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      worker.child.kill('SIGKILL');
      await smtp.close();
    }
  });

  it(
    'hands its job back past the shutdown timeout, and another worker runs it once',
    {
      timeout: 180_000,
    },
    async () => {
      const smtp = await startSmtpServer();
      const queue = new JobQueue({ db: database.handle.db, clock: systemClock, log });
      const jobId = await queue.enqueue('mail.deliver', mail);
      const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SHUTDOWN_TIMEOUT_SECONDS: '1' };
      const first = startWorker(databaseUrlOf(database.handle), env);
      let second: ServerProcess | undefined;
      try {
        await expect.poll(() => smtp.messagesBegun, { timeout: 60_000, interval: 100 }).toBe(1);

        first.child.kill('SIGTERM');
        expect(await first.exited).toBe(0);
        expect(smtp.messagesAccepted).toBe(0);
        expect(await statusOf(jobId)).toMatchObject({ status: 'pending', attempts: 0 });

        smtp.release();
        second = startWorker(databaseUrlOf(database.handle), env);
        await expect
          .poll(async () => (await statusOf(jobId))?.status, { timeout: 60_000, interval: 250 })
          .toBe('completed');
        expect(smtp.messagesAccepted).toBe(1);
        expect(await statusOf(jobId)).toMatchObject({ attempts: 1 });
      } finally {
        first.child.kill('SIGKILL');
        second?.child.kill('SIGTERM');
        await second?.exited;
        await smtp.close();
      }
    },
  );
});

async function statusOf(jobId: string) {
  const [job] = await database.handle.db.select().from(jobs).where(eq(jobs.id, jobId));
  return job && { status: job.status, attempts: job.attempts };
}

/**
 * Just enough SMTP for nodemailer, holding each message's final "250" until `release()`: a
 * delivery job that stays in flight as long as a test needs.
 */
async function startSmtpServer() {
  let isReleased = false;
  const held: (() => void)[] = [];
  const state = { messagesBegun: 0, messagesAccepted: 0 };
  const server: Server = createServer((socket) => {
    let isData = false;
    let buffered = '';
    socket.on('error', () => undefined);
    socket.write('220 localhost ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (;;) {
        if (isData) {
          const end = buffered.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffered = buffered.slice(end + 5);
          isData = false;
          const accept = () => {
            if (socket.destroyed) return;
            state.messagesAccepted++;
            socket.write('250 queued\r\n');
          };
          if (isReleased) accept();
          else held.push(accept);
          continue;
        }
        const end = buffered.indexOf('\r\n');
        if (end < 0) return;
        const command = buffered.slice(0, end).toUpperCase();
        buffered = buffered.slice(end + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO'))
          socket.write('250 localhost\r\n');
        else if (command.startsWith('DATA')) {
          isData = true;
          state.messagesBegun++;
          socket.write('354 go on\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    get messagesBegun() {
      return state.messagesBegun;
    },
    get messagesAccepted() {
      return state.messagesAccepted;
    },
    release() {
      isReleased = true;
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function startWorker(databaseUrl: string, env: Record<string, string> = {}): ServerProcess {
  return startProcess('src/worker.ts', { DATABASE_URL: databaseUrl, ...env });
}

function databaseUrlOf(handle: DatabaseHandle): string {
  if (!handle.url) throw new Error('these tests need TEST_DATABASE_URL');
  return handle.url;
}
