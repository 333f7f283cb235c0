import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { Clock } from './clock.js';

export type JobHandler = (payload: unknown) => Promise<void>;

type JobRow = typeof jobs.$inferSelect;

export type EnqueueOptions = {
  /** Enqueue inside the caller's transaction: the job exists only if it commits. */
  tx?: Executor;
  runAt?: Date;
  maxAttempts?: number;
};

const DEFAULT_LOCK_MILLISECONDS = 5 * 60_000;
const RECOVERY_MILLISECONDS = 60_000;
const RETRY_BASE_MILLISECONDS = 10_000;

/**
 * A durable job queue in PostgreSQL. Jobs are rows; a worker claims the next due one with
 * FOR UPDATE SKIP LOCKED, so several worker processes can share one database. A failed
 * job is retried with exponential back-off until `maxAttempts`, then kept as `failed`.
 * A claim is a lock of `lockMilliseconds`, renewed every third of it while the job runs: a
 * job of any length stays with its worker, and one whose worker died is claimed again by
 * another within that time.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recoveries: (() => Promise<void>)[] = [];
  private lastRecovery = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private isStopping = false;
  private current: JobRow | undefined;
  private handedBack: string | undefined;

  private readonly lockMilliseconds: number;

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      log: FastifyBaseLogger;
      lockMilliseconds?: number;
    },
  ) {
    this.lockMilliseconds = deps.lockMilliseconds ?? DEFAULT_LOCK_MILLISECONDS;
  }

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  /**
   * Work a module does when a worker starts, and every minute while it runs: e.g. taking up
   * again what a worker that stopped left half done.
   */
  registerRecovery(recovery: () => Promise<void>): void {
    this.recoveries.push(recovery);
  }

  /** Runs every recovery; one that fails is logged and does not stop the others. */
  async recover(): Promise<void> {
    this.lastRecovery = Date.now();
    for (const recovery of this.recoveries) {
      try {
        await recovery();
      } catch (error) {
        this.deps.log.error({ err: error }, 'job recovery failed');
      }
    }
  }

  async enqueue(name: string, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
    const [row] = await (options.tx ?? this.deps.db)
      .insert(jobs)
      .values({
        name,
        payload,
        runAt: options.runAt ?? this.deps.clock.now(),
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      })
      .returning({ id: jobs.id });
    if (!row) throw new Error('the job was not stored');
    return row.id;
  }

  /** Runs the jobs due now, one after another; returns how many ran. */
  async runDue(limit = 100): Promise<number> {
    let count = 0;
    for (; count < limit && !this.isStopping; count++) {
      const job = await this.claimNext();
      if (!job) break;
      await this.run(job);
    }
    return count;
  }

  /** Recovers, then polls for due jobs until `stop()`. */
  start(pollMilliseconds = 500): void {
    this.lastRecovery = 0;
    this.isStopping = false;
    const tick = (): void => {
      const isRecoveryDue = Date.now() - this.lastRecovery >= RECOVERY_MILLISECONDS;
      this.running = (isRecoveryDue ? this.recover() : Promise.resolve())
        .then(() => this.runDue())
        .catch((error: unknown) => {
          this.deps.log.error({ err: error }, 'job worker tick failed');
        })
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, pollMilliseconds);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  /**
   * Stops claiming jobs and waits for the running one. Past `graceMilliseconds` that job is
   * handed back (pending again, this attempt not counted) for another worker to take at once;
   * the process is expected to exit then, abandoning the handler.
   */
  async stop(graceMilliseconds?: number): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.isStopping = true;
    if (graceMilliseconds === undefined) {
      await this.running;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const isFinished = await Promise.race([
      this.running.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(resolve, graceMilliseconds, false))),
    ]);
    clearTimeout(timer);
    if (!isFinished && this.current) await this.handBack(this.current);
  }

  private async handBack(job: JobRow): Promise<void> {
    this.handedBack = job.id;
    await this.deps.db
      .update(jobs)
      .set({
        status: 'pending',
        attempts: sql`${jobs.attempts} - 1`,
        lockedUntil: null,
        runAt: this.deps.clock.now(),
      })
      .where(sql`${jobs.id} = ${job.id} and ${jobs.status} = 'running'`);
    this.deps.log.warn({ jobId: job.id, job: job.name }, 'job handed back at shutdown');
  }

  private async claimNext(): Promise<JobRow | undefined> {
    const now = this.deps.clock.now();
    const lockedUntil = new Date(now.getTime() + this.lockMilliseconds);
    // A running job whose lock expired belongs to a worker that died: it is claimed again.
    // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
    const result = (await this.deps.db.execute(sql`
      UPDATE ${jobs} SET status = 'running', attempts = attempts + 1,
        locked_until = ${lockedUntil.toISOString()}::timestamptz
      WHERE id = (
        SELECT id FROM ${jobs}
        WHERE (status = 'pending' AND run_at <= ${now.toISOString()}::timestamptz)
           OR (status = 'running' AND locked_until < ${now.toISOString()}::timestamptz)
        ORDER BY run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`)) as { rows: { id: string }[] };
    const id = result.rows[0]?.id;
    if (!id) return undefined;
    return this.deps.db.query.jobs.findFirst({ where: (table, { eq }) => eq(table.id, id) });
  }

  private async run(job: JobRow): Promise<void> {
    this.current = job;
    const renewal = setInterval(() => {
      this.renewLock(job).catch((error: unknown) => {
        this.deps.log.warn({ err: error, jobId: job.id }, 'job lock renewal failed');
      });
    }, this.lockMilliseconds / 3);
    try {
      await this.runHandler(job);
    } finally {
      clearInterval(renewal);
      this.current = undefined;
    }
  }

  private async renewLock(job: JobRow): Promise<void> {
    const lockedUntil = new Date(this.deps.clock.now().getTime() + this.lockMilliseconds);
    await this.deps.db
      .update(jobs)
      .set({ lockedUntil })
      .where(sql`${jobs.id} = ${job.id} and ${jobs.status} = 'running'`);
  }

  private async runHandler(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.name);
    try {
      if (!handler) throw new Error(`no handler for job "${job.name}"`);
      await handler(job.payload);
      // Handed back while it ran: another worker owns it now.
      if (this.handedBack === job.id) return;
      await this.deps.db
        .update(jobs)
        .set({ status: 'completed', completedAt: this.deps.clock.now(), lockedUntil: null })
        .where(sql`${jobs.id} = ${job.id}`);
    } catch (error) {
      if (this.handedBack === job.id) return;
      const message = error instanceof Error ? error.message : String(error);
      const isFinal = job.attempts >= job.maxAttempts || !handler;
      const retryAt = new Date(
        this.deps.clock.now().getTime() + RETRY_BASE_MILLISECONDS * 2 ** (job.attempts - 1),
      );
      this.deps.log.warn(
        { jobId: job.id, job: job.name, attempt: job.attempts, err: message },
        'job failed',
      );
      await this.deps.db
        .update(jobs)
        .set({
          status: isFinal ? 'failed' : 'pending',
          lastError: message,
          lockedUntil: null,
          ...(isFinal ? {} : { runAt: retryAt }),
        })
        .where(sql`${jobs.id} = ${job.id}`);
    }
  }
}
