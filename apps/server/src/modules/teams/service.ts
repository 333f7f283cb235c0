import type { Executor } from '../../db/client.js';
import { insertTeam } from './repository.js';

/** Every registered user owns a team of their own, named after the company or the person. */
export function createTeamForOwner(
  executor: Executor,
  options: { companyName?: string | undefined; firstName: string; lastName: string },
): Promise<{ id: string }> {
  const name = options.companyName?.trim() || `${options.firstName} ${options.lastName}`;
  return insertTeam(executor, { name });
}
