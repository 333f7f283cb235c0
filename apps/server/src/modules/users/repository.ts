import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export function findUserByEmail(executor: Executor, email: string): Promise<UserRow | undefined> {
  return executor.query.users.findFirst({ where: eq(users.email, email) });
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
