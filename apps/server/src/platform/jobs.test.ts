import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { createTestClock, type TestClock } from './clock.js';
import { JobQueue } from './jobs.js';

const RETRY_BASE_MILLISECONDS = 10_000;

let database: DatabaseHandle;
let clock: TestClock;
let queue: JobQueue;

// One migrated database for the file (opening one takes seconds); each test empties the queue.
beforeAll(async () => {
  database = await openDatabase({});
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(jobs);
  clock = createTestClock();
  queue = new JobQueue({ db: database.db, clock, log: pino({ level: 'silent' }) });
});

async function findJob(id: string): Promise<typeof jobs.$inferSelect | undefined> {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

async function countJobs(): Promise<number> {
  return (await database.db.select().from(jobs)).length;
}

describe('JobQueue', () => {
  it('runs an enqueued job once with its payload and marks it completed', async () => {
    const payloads: unknown[] = [];
    queue.register('send-mail', (payload) => {
      payloads.push(payload);
      return Promise.resolve();
    });

    const id = await queue.enqueue('send-mail', { to: 'ana@acme-industries.com', n: 1 });

    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(payloads).toEqual([{ to: 'ana@acme-industries.com', n: 1 }]);
    const job = await findJob(id);
    expect(job).toMatchObject({ status: 'completed', attempts: 1, lockedUntil: null });
    expect(job?.completedAt?.getTime()).toBe(clock.now().getTime());
  });

  it('does not run a job scheduled in the future until the clock reaches it', async () => {
    let runs = 0;
    queue.register('later', () => {
      runs += 1;
      return Promise.resolve();
    });
    const runAt = new Date(clock.now().getTime() + 60_000);
    const id = await queue.enqueue('later', {}, { runAt });

    clock.advance(59_999);
    expect(await queue.runDue()).toBe(0);
    expect(runs).toBe(0);
    expect((await findJob(id))?.status).toBe('pending');

    clock.advance(1);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect((await findJob(id))?.status).toBe('completed');
  });

  it('retries a failing job only after the back-off has elapsed, then completes it', async () => {
    let calls = 0;
    queue.register('flaky', () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('smtp down')) : Promise.resolve();
    });
    const id = await queue.enqueue('flaky', {});

    expect(await queue.runDue()).toBe(1);
    const failedOnce = await findJob(id);
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1, lastError: 'smtp down' });
    expect(failedOnce?.runAt.getTime()).toBe(clock.now().getTime() + RETRY_BASE_MILLISECONDS);

    clock.advance(RETRY_BASE_MILLISECONDS - 1);
    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(1);

    clock.advance(1);
    expect(await queue.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect(await findJob(id)).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('doubles the back-off after each failed attempt', async () => {
    queue.register('broken', () => Promise.reject(new Error('boom')));
    const id = await queue.enqueue('broken', {}, { maxAttempts: 5 });

    await queue.runDue();
    clock.advance(RETRY_BASE_MILLISECONDS);
    await queue.runDue();
    const job = await findJob(id);
    expect(job).toMatchObject({ status: 'pending', attempts: 2 });
    expect(job?.runAt.getTime()).toBe(clock.now().getTime() + 2 * RETRY_BASE_MILLISECONDS);
  });

  it('keeps a job failed with its last error after maxAttempts', async () => {
    let calls = 0;
    queue.register('broken', () => {
      calls += 1;
      return Promise.reject(new Error(`attempt ${calls} failed`));
    });
    const id = await queue.enqueue('broken', {}, { maxAttempts: 2 });

    await queue.runDue();
    clock.advance(RETRY_BASE_MILLISECONDS);
    await queue.runDue();

    expect(await findJob(id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'attempt 2 failed',
      lockedUntil: null,
      completedAt: null,
    });
    clock.advance(24 * 3600_000);
    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(2);
  });

  it('never stores a job enqueued in a transaction that rolls back', async () => {
    let runs = 0;
    queue.register('audit', () => {
      runs += 1;
      return Promise.resolve();
    });

    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue('audit', { step: 1 }, { tx });
        throw new Error('business rule broken');
      }),
    ).rejects.toThrow('business rule broken');

    expect(await countJobs()).toBe(0);
    expect(await queue.runDue()).toBe(0);
    expect(runs).toBe(0);
  });

  it('stores a job enqueued in a transaction that commits', async () => {
    const id = await database.db.transaction((tx) => queue.enqueue('audit', {}, { tx }));
    expect((await findJob(id))?.status).toBe('pending');
  });

  it('fails a job without a registered handler at once, without retrying', async () => {
    const id = await queue.enqueue('unknown-job', {});

    expect(await queue.runDue()).toBe(1);

    const job = await findJob(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job?.lastError).toContain('unknown-job');
  });

  it('claims again a running job whose lock expired', async () => {
    let runs = 0;
    queue.register('report', () => {
      runs += 1;
      return Promise.resolve();
    });
    const id = await queue.enqueue('report', {});
    // A worker claimed it and died: the row stays running with a lock in the past.
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(clock.now().getTime() - 1000) })
      .where(eq(jobs.id, id));

    expect(await queue.runDue()).toBe(1);

    expect(runs).toBe(1);
    expect(await findJob(id)).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('leaves alone a running job whose lock has not expired', async () => {
    let runs = 0;
    queue.register('report', () => {
      runs += 1;
      return Promise.resolve();
    });
    const id = await queue.enqueue('report', {});
    await database.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedUntil: new Date(clock.now().getTime() + 60_000),
      })
      .where(eq(jobs.id, id));

    expect(await queue.runDue()).toBe(0);
    expect(runs).toBe(0);
    expect((await findJob(id))?.status).toBe('running');
  });

  it('renews the lock of a job that runs longer than it, so no other worker takes it', async () => {
    const log = pino({ level: 'silent' });
    const lockMilliseconds = 3000;
    const first = new JobQueue({ db: database.db, clock, log, lockMilliseconds });
    const second = new JobQueue({ db: database.db, clock, log, lockMilliseconds });
    let finish = (): void => undefined;
    let runs = 0;
    for (const worker of [first, second]) {
      worker.register('long', () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      });
    }
    const id = await queue.enqueue('long', {});
    const running = first.runDue();
    await expect.poll(() => runs).toBe(1);

    // Twice the lock passes while the job runs; each time its worker renews it from the new time.
    for (let round = 0; round < 2; round++) {
      clock.advance(lockMilliseconds - 1);
      const renewedPast = clock.now().getTime() + 1;
      await expect
        .poll(async () => (await findJob(id))?.lockedUntil?.getTime())
        .toBeGreaterThan(renewedPast);
      expect(await second.runDue()).toBe(0);
    }
    finish();
    await running;

    expect(runs).toBe(1);
    expect(await findJob(id)).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('runs the recoveries when a worker starts, before its first job, a failing one logged', async () => {
    const order: string[] = [];
    queue.register('work', () => {
      order.push('job');
      return Promise.resolve();
    });
    queue.registerRecovery(() => Promise.reject(new Error('broken recovery')));
    queue.registerRecovery(() => {
      order.push('recovery');
      return Promise.resolve();
    });
    await queue.enqueue('work', {});
    queue.start(10);
    await expect.poll(() => order).toEqual(['recovery', 'job']);
    await queue.stop();
  });
});
