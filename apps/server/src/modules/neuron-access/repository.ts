import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accessTokens, apiCalls, subscriptions } from '../../db/schema/index.js';

export type AccessTokenRow = typeof accessTokens.$inferSelect;
export type ApiCallRow = typeof apiCalls.$inferSelect;

export function findTokenOfSubscription(
  executor: Executor,
  teamId: string,
  subscriptionId: string,
): Promise<AccessTokenRow | undefined> {
  return executor.query.accessTokens.findFirst({
    where: and(eq(accessTokens.teamId, teamId), eq(accessTokens.subscriptionId, subscriptionId)),
  });
}

/**
 * System entry point for a neuron API call, which carries a token and no session: the token
 * names its team and subscription, and everything after it is scoped by that team.
 */
export function findTokenByHash(
  executor: Executor,
  tokenHash: string,
): Promise<AccessTokenRow | undefined> {
  return executor.query.accessTokens.findFirst({ where: eq(accessTokens.tokenHash, tokenHash) });
}

/** One token per subscription: a new one replaces the old, which stops working at once. */
export async function storeToken(
  executor: Executor,
  values: typeof accessTokens.$inferInsert,
): Promise<void> {
  await executor
    .insert(accessTokens)
    .values(values)
    .onConflictDoUpdate({
      target: accessTokens.subscriptionId,
      set: {
        tokenHash: values.tokenHash,
        tokenCiphertext: values.tokenCiphertext,
        createdAt: values.createdAt ?? sql`now()`,
      },
    });
}

/** Holds the team's subscription while a call is counted, so the monthly limit is exact. */
export async function lockSubscription(
  executor: Executor,
  teamId: string,
  subscriptionId: string,
): Promise<void> {
  await executor
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.id, subscriptionId)))
    .for('update');
}

/**
 * Calls that count against the plan since a moment: every call but those the platform refused
 * (429 past the limit, 503 when its workers were busy), which the caller is not to pay for.
 */
export async function countCallsSince(
  executor: Executor,
  options: { teamId: string; neuronId: string; since: Date },
): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(apiCalls)
    .where(
      and(
        eq(apiCalls.teamId, options.teamId),
        eq(apiCalls.neuronId, options.neuronId),
        gte(apiCalls.createdAt, options.since),
        // In flight (102) or answered (2xx): refused calls (4xx) and our failures (5xx) are free.
        lt(apiCalls.statusCode, 400),
      ),
    );
  return row?.value ?? 0;
}

export async function insertCall(
  executor: Executor,
  values: typeof apiCalls.$inferInsert,
): Promise<string> {
  const [row] = await executor.insert(apiCalls).values(values).returning({ id: apiCalls.id });
  if (!row) throw new Error('the call was not recorded');
  return row.id;
}

export async function finishCall(
  executor: Executor,
  teamId: string,
  callId: string,
  values: { statusCode: number; durationMs: number; units: number },
): Promise<void> {
  await executor
    .update(apiCalls)
    .set(values)
    .where(and(eq(apiCalls.teamId, teamId), eq(apiCalls.id, callId)));
}

function callsOfTeamSince(options: { teamId: string; neuronId: string; since: Date }) {
  return and(
    eq(apiCalls.teamId, options.teamId),
    eq(apiCalls.neuronId, options.neuronId),
    gte(apiCalls.createdAt, options.since),
  );
}

export function findCallsSince(
  executor: Executor,
  options: { teamId: string; neuronId: string; since: Date; limit: number },
): Promise<ApiCallRow[]> {
  return executor
    .select()
    .from(apiCalls)
    .where(callsOfTeamSince(options))
    .orderBy(desc(apiCalls.createdAt))
    .limit(options.limit);
}

type CallTotals = {
  calls: number;
  errors: number;
  units: number;
  p50Ms: number | null;
  p95Ms: number | null;
};

/** Successful calls' latency percentile, in whole milliseconds. */
function latencyPercentile(fraction: number) {
  return sql<
    number | null
  >`round(percentile_cont(${sql.raw(String(fraction))}) within group (order by ${apiCalls.durationMs}) filter (where ${apiCalls.statusCode} between 200 and 399)::numeric)`.mapWith(
    Number,
  );
}

const callTotals = {
  calls: count(),
  errors: sql<number>`count(*) filter (where ${apiCalls.statusCode} >= 400)`.mapWith(Number),
  units: sql<number>`coalesce(sum(${apiCalls.units}), 0)`.mapWith(Number),
  p50Ms: latencyPercentile(0.5),
  p95Ms: latencyPercentile(0.95),
};

/** Calls, refusals, units and latency per UTC day. */
export function dailyCallTotals(
  executor: Executor,
  options: { teamId: string; neuronId: string; since: Date },
): Promise<(CallTotals & { day: string })[]> {
  const day = sql<string>`to_char(${apiCalls.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return executor
    .select({ day, ...callTotals })
    .from(apiCalls)
    .where(callsOfTeamSince(options))
    .groupBy(day)
    .orderBy(day);
}

/** The same totals over the whole period (latency percentiles cannot be summed from days). */
export async function periodCallTotals(
  executor: Executor,
  options: { teamId: string; neuronId: string; since: Date },
): Promise<CallTotals> {
  const [totals] = await executor
    .select(callTotals)
    .from(apiCalls)
    .where(callsOfTeamSince(options));
  return totals ?? { calls: 0, errors: 0, units: 0, p50Ms: null, p95Ms: null };
}
