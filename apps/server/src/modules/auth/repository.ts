import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passwordFailures } from '../../db/schema/index.js';

export type PasswordFailuresRow = typeof passwordFailures.$inferSelect;

export function findPasswordFailures(
  executor: Executor,
  emailHash: string,
): Promise<PasswordFailuresRow | undefined> {
  return executor.query.passwordFailures.findFirst({
    where: eq(passwordFailures.emailHash, emailHash),
  });
}

/**
 * One more failure in a row, atomically (parallel guesses are all counted); a run of failures
 * older than `forgetBefore` starts again at one.
 */
export async function countPasswordFailure(
  executor: Executor,
  options: { emailHash: string; now: Date; forgetBefore: Date },
): Promise<number> {
  const [row] = await executor
    .insert(passwordFailures)
    .values({ emailHash: options.emailHash, failures: 1, lastFailureAt: options.now })
    .onConflictDoUpdate({
      target: passwordFailures.emailHash,
      set: {
        failures: sql`CASE WHEN ${passwordFailures.lastFailureAt} < ${options.forgetBefore}
          THEN 1 ELSE ${passwordFailures.failures} + 1 END`,
        lastFailureAt: options.now,
      },
    })
    .returning({ failures: passwordFailures.failures });
  return row?.failures ?? 1;
}

export async function lockPasswordChecks(
  executor: Executor,
  options: { emailHash: string; until: Date },
): Promise<void> {
  await executor
    .update(passwordFailures)
    .set({ lockedUntil: options.until })
    .where(eq(passwordFailures.emailHash, options.emailHash));
}

export async function deletePasswordFailures(executor: Executor, emailHash: string): Promise<void> {
  await executor.delete(passwordFailures).where(eq(passwordFailures.emailHash, emailHash));
}
