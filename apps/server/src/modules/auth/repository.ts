import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userTokens, type UserTokenPurpose } from '../../db/schema/index.js';

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
