import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teams, users } from '../../db/schema/index.js';

export type MemberRow = typeof users.$inferSelect;

export async function insertTeam(
  executor: Executor,
  values: { name: string },
): Promise<{ id: string }> {
  const [team] = await executor.insert(teams).values(values).returning({ id: teams.id });
  if (!team) throw new Error('the team was not stored');
  return team;
}

/** Holds the team's row until the transaction ends, so member-limit checks run one at a time. */
export async function lockTeam(
  executor: Executor,
  teamId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [team] = await executor
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  return team;
}

export async function countMembers(executor: Executor, teamId: string): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(users)
    .where(eq(users.teamId, teamId));
  return row?.value ?? 0;
}

/** Members in the order they joined (the owner first). */
/** What the team list shows of a member. */
export type ListedMemberRow = Pick<
  MemberRow,
  'id' | 'firstName' | 'lastName' | 'email' | 'photoKey' | 'enabled' | 'roles'
>;

/** The team's members, oldest first: only the columns the list shows. */
export function findMembers(executor: Executor, teamId: string): Promise<ListedMemberRow[]> {
  return executor
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      photoKey: users.photoKey,
      enabled: users.enabled,
      roles: users.roles,
    })
    .from(users)
    .where(eq(users.teamId, teamId))
    .orderBy(asc(users.createdAt), asc(users.email));
}

export function findMember(
  executor: Executor,
  teamId: string,
  memberId: string,
): Promise<MemberRow | undefined> {
  return executor.query.users.findFirst({
    where: and(eq(users.teamId, teamId), eq(users.id, memberId)),
  });
}

export async function deleteMemberRow(
  executor: Executor,
  teamId: string,
  memberId: string,
): Promise<void> {
  await executor.delete(users).where(and(eq(users.teamId, teamId), eq(users.id, memberId)));
}
