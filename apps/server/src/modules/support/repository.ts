import type { Executor } from '../../db/client.js';
import { supportMessages } from '../../db/schema/index.js';

export async function insertSupportMessage(
  executor: Executor,
  teamId: string,
  values: { userId: string; subject: string; body: string },
): Promise<void> {
  await executor.insert(supportMessages).values({ teamId, ...values });
}
