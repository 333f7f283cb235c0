import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { bankSandboxRequisitions } from '../../../db/schema/index.js';
import type { AccountKind } from './accounts.js';

export type RequisitionRow = typeof bankSandboxRequisitions.$inferSelect;
export type ConsentedAccount = { id: string; kind: AccountKind };

export async function insertRequisition(
  executor: Executor,
  values: typeof bankSandboxRequisitions.$inferInsert,
): Promise<void> {
  await executor.insert(bankSandboxRequisitions).values(values);
}

export async function findRequisition(
  executor: Executor,
  requisitionId: string,
): Promise<RequisitionRow | undefined> {
  const [row] = await executor
    .select()
    .from(bankSandboxRequisitions)
    .where(eq(bankSandboxRequisitions.id, requisitionId));
  return row;
}

/** Links a requisition still waiting for the user; undefined when it no longer was. */
export async function linkRequisition(
  executor: Executor,
  change: { requisitionId: string; accounts: ConsentedAccount[]; at: Date },
): Promise<RequisitionRow | undefined> {
  const [row] = await executor
    .update(bankSandboxRequisitions)
    .set({ status: 'LN', accounts: change.accounts, linkedAt: change.at })
    .where(
      and(
        eq(bankSandboxRequisitions.id, change.requisitionId),
        eq(bankSandboxRequisitions.status, 'CR'),
      ),
    )
    .returning();
  return row;
}

/** Rejects a requisition still waiting for the user; undefined when it no longer was. */
export async function rejectRequisition(
  executor: Executor,
  requisitionId: string,
): Promise<RequisitionRow | undefined> {
  const [row] = await executor
    .update(bankSandboxRequisitions)
    .set({ status: 'RJ' })
    .where(
      and(eq(bankSandboxRequisitions.id, requisitionId), eq(bankSandboxRequisitions.status, 'CR')),
    )
    .returning();
  return row;
}

export async function expireRequisition(executor: Executor, requisitionId: string): Promise<void> {
  await executor
    .update(bankSandboxRequisitions)
    .set({ status: 'EX' })
    .where(eq(bankSandboxRequisitions.id, requisitionId));
}
