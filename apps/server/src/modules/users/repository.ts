import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userTokens, users, type UserTokenPurpose } from '../../db/schema/index.js';

export type { UserTokenPurpose };
export type UserRow = typeof users.$inferSelect;

export function findUserByEmail(executor: Executor, email: string): Promise<UserRow | undefined> {
  return executor.query.users.findFirst({ where: eq(users.email, email) });
}

/** The team's owner (role 5): their details bill the team. */
export function findTeamOwner(executor: Executor, teamId: string): Promise<UserRow | undefined> {
  return executor.query.users.findFirst({
    where: and(eq(users.teamId, teamId), sql`${users.roles} @> array[5]`),
  });
}

export function findUserById(executor: Executor, id: string): Promise<UserRow | undefined> {
  return executor.query.users.findFirst({ where: eq(users.id, id) });
}

export async function insertUser(
  executor: Executor,
  values: typeof users.$inferInsert,
): Promise<UserRow> {
  const [user] = await executor.insert(users).values(values).returning();
  if (!user) throw new Error('the user was not stored');
  return user;
}

export async function updateUser(
  executor: Executor,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await executor
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function insertUserToken(
  executor: Executor,
  values: { userId: string; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await executor.insert(userTokens).values(values);
}

/**
 * Marks a token used and returns its user id, only if it exists, has the purpose, is unused
 * and unexpired. One UPDATE, so two concurrent uses cannot both succeed.
 */
export async function consumeUserToken(
  executor: Executor,
  options: { tokenHash: string; purpose: UserTokenPurpose; now: Date },
): Promise<string | undefined> {
  const [row] = await executor
    .update(userTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(userTokens.tokenHash, options.tokenHash),
        eq(userTokens.purpose, options.purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, options.now),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId;
}

/** The user of a link token that was already used (an expired, unused one is not). */
export async function findUserOfUsedToken(
  executor: Executor,
  options: { tokenHash: string; purpose: UserTokenPurpose },
): Promise<string | undefined> {
  const [row] = await executor
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, options.tokenHash),
        eq(userTokens.purpose, options.purpose),
        isNotNull(userTokens.usedAt),
      ),
    );
  return row?.userId;
}

/** Retires a user's open tokens of a purpose, so only the newest link works. */
export async function retireUserTokens(
  executor: Executor,
  options: { userId: string; purpose: UserTokenPurpose; now: Date },
): Promise<void> {
  await executor
    .update(userTokens)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(userTokens.userId, options.userId),
        eq(userTokens.purpose, options.purpose),
        isNull(userTokens.usedAt),
      ),
    );
}
