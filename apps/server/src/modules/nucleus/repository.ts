import type { TRunLog, TRunStatus, TRunsQuery } from '@app/contracts/nucleus';
import { and, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { nucleusRuns } from '../../db/schema/index.js';

/** Every function takes the team first and scopes by it: another team's run is `undefined`. */

export type RunRow = typeof nucleusRuns.$inferSelect;
type RunValues = Partial<Omit<typeof nucleusRuns.$inferInsert, 'id' | 'teamId'>>;

export const ACTIVE_STATUSES: TRunStatus[] = ['QUEUED', 'RUNNING'];
/** The runs that count against the plan: started and not failed or cancelled. */
const COUNTED_STATUSES: TRunStatus[] = [...ACTIVE_STATUSES, 'DONE'];

export async function insertRun(
  executor: Executor,
  teamId: string,
  values: Omit<typeof nucleusRuns.$inferInsert, 'teamId'>,
): Promise<RunRow> {
  const [row] = await executor
    .insert(nucleusRuns)
    .values({ ...values, teamId })
    .returning();
  if (!row) throw new Error('the run was not stored');
  return row;
}

export async function findRun(
  executor: Executor,
  teamId: string,
  runId: string,
): Promise<RunRow | undefined> {
  const [row] = await executor
    .select()
    .from(nucleusRuns)
    .where(and(eq(nucleusRuns.teamId, teamId), eq(nucleusRuns.id, runId)));
  return row;
}

/**
 * Updates the run when its status is one of `from` (any status without it); answers the row
 * as written, or `undefined` when the run is not the team's or was in another status.
 */
export async function updateRun(
  executor: Executor,
  teamId: string,
  runId: string,
  values: RunValues,
  from?: TRunStatus[],
): Promise<RunRow | undefined> {
  const [row] = await executor
    .update(nucleusRuns)
    .set(values)
    .where(
      and(
        eq(nucleusRuns.teamId, teamId),
        eq(nucleusRuns.id, runId),
        from ? inArray(nucleusRuns.status, from) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Takes a QUEUED run for the job of attempt `attempt`: RUNNING, one attempt more. */
export async function claimRun(
  executor: Executor,
  teamId: string,
  options: { runId: string; attempt: number; now: Date },
): Promise<RunRow | undefined> {
  const [row] = await executor
    .update(nucleusRuns)
    .set({
      status: 'RUNNING',
      progress: 0,
      attempts: options.attempt,
      startedAt: options.now,
      heartbeatAt: options.now,
    })
    .where(
      and(
        eq(nucleusRuns.teamId, teamId),
        eq(nucleusRuns.id, options.runId),
        eq(nucleusRuns.status, 'QUEUED'),
        eq(nucleusRuns.attempts, options.attempt - 1),
      ),
    )
    .returning();
  return row;
}

export async function appendRunLog(
  executor: Executor,
  teamId: string,
  runId: string,
  entry: TRunLog,
): Promise<void> {
  await executor
    .update(nucleusRuns)
    .set({ logs: sql`${nucleusRuns.logs} || ${JSON.stringify([entry])}::jsonb` })
    .where(and(eq(nucleusRuns.teamId, teamId), eq(nucleusRuns.id, runId)));
}

export async function findRuns(
  executor: Executor,
  teamId: string,
  options: TRunsQuery,
): Promise<{ rows: RunRow[]; total: number }> {
  const where = and(
    eq(nucleusRuns.teamId, teamId),
    ne(nucleusRuns.kind, 'EDGE'),
    options.status ? eq(nucleusRuns.status, options.status) : undefined,
    options.algorithm ? eq(nucleusRuns.algorithm, options.algorithm) : undefined,
    options.kind ? eq(nucleusRuns.kind, options.kind) : undefined,
    options.createdFrom ? gte(nucleusRuns.createdAt, new Date(options.createdFrom)) : undefined,
    options.createdTo ? lt(nucleusRuns.createdAt, new Date(options.createdTo)) : undefined,
  );
  const rows = await executor
    .select()
    .from(nucleusRuns)
    .where(where)
    .orderBy(desc(nucleusRuns.createdAt), desc(nucleusRuns.id))
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
  const [total] = await executor.select({ value: count() }).from(nucleusRuns).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function deleteRun(executor: Executor, teamId: string, runId: string): Promise<void> {
  await executor
    .delete(nucleusRuns)
    .where(and(eq(nucleusRuns.teamId, teamId), eq(nucleusRuns.id, runId)));
}

/** Makes the team's run-starting requests wait for each other until the transaction ends. */
export async function lockTeamRuns(executor: Executor, teamId: string): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`nucleus-runs:${teamId}`}, 0))`,
  );
}

/** The team's runs this period: started (queued) since `from`, failed ones left out. */
export async function sumRunUsage(
  executor: Executor,
  teamId: string,
  from: Date,
): Promise<{ runs: number; rows: number }> {
  const [row] = await executor
    .select({
      runs: count(),
      rows: sum(nucleusRuns.numRows).mapWith(Number),
    })
    .from(nucleusRuns)
    .where(
      and(
        eq(nucleusRuns.teamId, teamId),
        gte(nucleusRuns.queuedAt, from),
        inArray(nucleusRuns.status, COUNTED_STATUSES),
      ),
    );
  return { runs: row?.runs ?? 0, rows: row?.rows ?? 0 };
}

/**
 * The same count per UTC day (`yyyy-MM-dd`) or month (`yyyy-MM`) since `from`, every kind of
 * run (edge-reported ones too), oldest first; periods without a run are left out.
 */
export async function sumRunUsageBy(
  executor: Executor,
  teamId: string,
  options: { from: Date; unit: 'day' | 'month' },
): Promise<{ period: string; runs: number; rows: number }[]> {
  const pattern = options.unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const period = sql<string>`to_char(${nucleusRuns.queuedAt} at time zone 'UTC', ${sql.raw(`'${pattern}'`)})`;
  return executor
    .select({
      period,
      runs: count(),
      rows: sql<number>`coalesce(${sum(nucleusRuns.numRows)}, 0)`.mapWith(Number),
    })
    .from(nucleusRuns)
    .where(
      and(
        eq(nucleusRuns.teamId, teamId),
        gte(nucleusRuns.queuedAt, options.from),
        inArray(nucleusRuns.status, COUNTED_STATUSES),
      ),
    )
    .groupBy(period)
    .orderBy(period);
}

/** The EDGE run recorded for an edge command line's report id, if it was recorded before. */
export async function findEdgeReport(
  executor: Executor,
  teamId: string,
  reportId: string,
): Promise<RunRow | undefined> {
  const [row] = await executor
    .select()
    .from(nucleusRuns)
    .where(
      and(
        eq(nucleusRuns.teamId, teamId),
        eq(nucleusRuns.kind, 'EDGE'),
        eq(nucleusRuns.sourceRunId, reportId),
      ),
    );
  return row;
}

/** How many of the team's runs wait for or hold a job, whenever they started. */
export async function countActiveRuns(executor: Executor, teamId: string): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(nucleusRuns)
    .where(and(eq(nucleusRuns.teamId, teamId), inArray(nucleusRuns.status, ACTIVE_STATUSES)));
  return row?.value ?? 0;
}

/**
 * RUNNING runs of every team whose job has not written a heartbeat since `before`: their
 * worker stopped. The one query across teams, for the worker's recovery; each row carries its
 * team, and what is done with it is scoped by that team again.
 */
export function findStalledRuns(executor: Executor, before: Date): Promise<RunRow[]> {
  return executor
    .select()
    .from(nucleusRuns)
    .where(
      and(
        eq(nucleusRuns.status, 'RUNNING'),
        or(isNull(nucleusRuns.heartbeatAt), lt(nucleusRuns.heartbeatAt, before)),
      ),
    )
    .limit(100);
}
