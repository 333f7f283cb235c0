import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
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

/** Holds the subscription while a call is counted, so the monthly limit is exact. */
export async function lockSubscription(executor: Executor, subscriptionId: string): Promise<void> {
  await executor
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
}

/** Calls that count against the plan since a moment: every call not refused by the meter. */
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
        sql`${apiCalls.statusCode} <> 429`,
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
  callId: string,
  values: { statusCode: number; durationMs: number; units: number },
): Promise<void> {
  await executor.update(apiCalls).set(values).where(eq(apiCalls.id, callId));
}

export function findCallsSince(
  executor: Executor,
  options: { teamId: string; neuronId: string; since: Date; limit: number },
): Promise<ApiCallRow[]> {
  return executor
    .select()
    .from(apiCalls)
    .where(
      and(
        eq(apiCalls.teamId, options.teamId),
        eq(apiCalls.neuronId, options.neuronId),
        gte(apiCalls.createdAt, options.since),
      ),
    )
    .orderBy(desc(apiCalls.createdAt))
    .limit(options.limit);
}

/** Calls, refusals and units per UTC day. */
export async function dailyCallTotals(
  executor: Executor,
  options: { teamId: string; neuronId: string; since: Date },
): Promise<{ day: string; calls: number; errors: number; units: number }[]> {
  const day = sql<string>`to_char(${apiCalls.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await executor
    .select({
      day,
      calls: count(),
      errors: sql<number>`count(*) filter (where ${apiCalls.statusCode} >= 400)`.mapWith(Number),
      units: sql<number>`coalesce(sum(${apiCalls.units}), 0)`.mapWith(Number),
    })
    .from(apiCalls)
    .where(
      and(
        eq(apiCalls.teamId, options.teamId),
        eq(apiCalls.neuronId, options.neuronId),
        gte(apiCalls.createdAt, options.since),
      ),
    )
    .groupBy(day)
    .orderBy(day);
  return rows;
}
