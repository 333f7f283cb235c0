import type { Executor } from '../../db/client.js';
import { teams } from '../../db/schema/index.js';

export async function insertTeam(
  executor: Executor,
  values: { name: string },
): Promise<{ id: string }> {
  const [team] = await executor.insert(teams).values(values).returning({ id: teams.id });
  if (!team) throw new Error('the team was not stored');
  return team;
}
