import { arrayContains, count, desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type AdminUserRow = typeof users.$inferSelect;

/** Every team's users, newest first: the platform administrator's view is not team-scoped. */
export function findUsersPage(
  executor: Executor,
  options: { offset: number; limit: number },
): Promise<AdminUserRow[]> {
  return executor.query.users.findMany({
    orderBy: [desc(users.createdAt), desc(users.id)],
    offset: options.offset,
    limit: options.limit,
  });
}

export async function countUsers(executor: Executor): Promise<number> {
  const [row] = await executor.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

export async function countUsersWithRole(executor: Executor, role: number): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(users)
    .where(arrayContains(users.roles, [role]));
  return row?.value ?? 0;
}
