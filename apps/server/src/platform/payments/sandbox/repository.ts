import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  sandboxCustomers,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxPrices,
  sandboxSetupIntents,
} from '../../../db/schema/index.js';
import type { IntentStatus } from '../gateway.js';

export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxSetupIntentRow = typeof sandboxSetupIntents.$inferSelect;
export type SandboxPaymentIntentRow = typeof sandboxPaymentIntents.$inferSelect;

export async function insertCustomer(
  executor: Executor,
  values: typeof sandboxCustomers.$inferInsert,
): Promise<void> {
  await executor.insert(sandboxCustomers).values(values);
}

export async function customerExists(executor: Executor, customerId: string): Promise<boolean> {
  const rows = await executor
    .select({ id: sandboxCustomers.id })
    .from(sandboxCustomers)
    .where(eq(sandboxCustomers.id, customerId));
  return rows.length > 0;
}

export async function insertSetupIntent(
  executor: Executor,
  values: typeof sandboxSetupIntents.$inferInsert,
): Promise<SandboxSetupIntentRow> {
  const [row] = await executor.insert(sandboxSetupIntents).values(values).returning();
  if (!row) throw new Error('the setup intent was not stored');
  return row;
}

export async function findSetupIntent(
  executor: Executor,
  setupIntentId: string,
): Promise<SandboxSetupIntentRow | undefined> {
  const [row] = await executor
    .select()
    .from(sandboxSetupIntents)
    .where(eq(sandboxSetupIntents.id, setupIntentId));
  return row;
}

/** A setup intent of one of the team's customers; another team's is undefined. */
export async function findTeamSetupIntent(
  executor: Executor,
  teamId: string,
  setupIntentId: string,
): Promise<SandboxSetupIntentRow | undefined> {
  const [row] = await executor
    .select({ intent: sandboxSetupIntents })
    .from(sandboxSetupIntents)
    .innerJoin(sandboxCustomers, eq(sandboxCustomers.id, sandboxSetupIntents.customerId))
    .where(and(eq(sandboxCustomers.teamId, teamId), eq(sandboxSetupIntents.id, setupIntentId)));
  return row?.intent;
}

/** Marks a setup intent succeeded unless another request did first; undefined then. */
export async function completeSetupIntent(
  executor: Executor,
  setupIntentId: string,
  paymentMethodId: string,
): Promise<SandboxSetupIntentRow | undefined> {
  const [row] = await executor
    .update(sandboxSetupIntents)
    .set({ status: 'succeeded', paymentMethodId })
    .where(
      and(
        eq(sandboxSetupIntents.id, setupIntentId),
        eq(sandboxSetupIntents.status, 'requires_payment_method'),
      ),
    )
    .returning();
  return row;
}

export async function insertPaymentMethod(
  executor: Executor,
  values: typeof sandboxPaymentMethods.$inferInsert,
): Promise<void> {
  await executor.insert(sandboxPaymentMethods).values(values);
}

export async function findPaymentMethods(
  executor: Executor,
  customerId: string,
): Promise<SandboxPaymentMethodRow[]> {
  return executor
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.customerId, customerId))
    .orderBy(desc(sandboxPaymentMethods.createdAt), desc(sandboxPaymentMethods.id));
}

/** A customer's payment method; another customer's is undefined. */
export async function findPaymentMethod(
  executor: Executor,
  customerId: string,
  paymentMethodId: string,
): Promise<SandboxPaymentMethodRow | undefined> {
  const [row] = await executor
    .select()
    .from(sandboxPaymentMethods)
    .where(
      and(
        eq(sandboxPaymentMethods.customerId, customerId),
        eq(sandboxPaymentMethods.id, paymentMethodId),
      ),
    );
  return row;
}

/** Stores the intent unless the customer already used the idempotency key; undefined then. */
export async function insertPaymentIntent(
  executor: Executor,
  values: typeof sandboxPaymentIntents.$inferInsert,
): Promise<SandboxPaymentIntentRow | undefined> {
  const [row] = await executor
    .insert(sandboxPaymentIntents)
    .values(values)
    .onConflictDoNothing({
      target: [sandboxPaymentIntents.customerId, sandboxPaymentIntents.idempotencyKey],
    })
    .returning();
  return row;
}

export async function findPaymentIntentByIdempotencyKey(
  executor: Executor,
  customerId: string,
  idempotencyKey: string,
): Promise<SandboxPaymentIntentRow | undefined> {
  const [row] = await executor
    .select()
    .from(sandboxPaymentIntents)
    .where(
      and(
        eq(sandboxPaymentIntents.customerId, customerId),
        eq(sandboxPaymentIntents.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

export async function findPaymentIntent(
  executor: Executor,
  paymentIntentId: string,
): Promise<SandboxPaymentIntentRow | undefined> {
  const [row] = await executor
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, paymentIntentId));
  return row;
}

/** A payment intent of one of the team's customers; another team's is undefined. */
export async function findTeamPaymentIntent(
  executor: Executor,
  teamId: string,
  paymentIntentId: string,
): Promise<SandboxPaymentIntentRow | undefined> {
  const [row] = await executor
    .select({ intent: sandboxPaymentIntents })
    .from(sandboxPaymentIntents)
    .innerJoin(sandboxCustomers, eq(sandboxCustomers.id, sandboxPaymentIntents.customerId))
    .where(and(eq(sandboxCustomers.teamId, teamId), eq(sandboxPaymentIntents.id, paymentIntentId)));
  return row?.intent;
}

/**
 * Moves an intent on from `from` only, so a settle job, a challenge answered twice and a
 * cancellation cannot both win; undefined when the intent was no longer in `from`. Without
 * `lastError` the intent keeps its own.
 */
export async function transitionPaymentIntent(
  executor: Executor,
  change: {
    paymentIntentId: string;
    from: IntentStatus | readonly IntentStatus[];
    to: IntentStatus;
    lastError?: string | null;
    at: Date;
  },
): Promise<SandboxPaymentIntentRow | undefined> {
  const from: IntentStatus[] = typeof change.from === 'string' ? [change.from] : [...change.from];
  const [row] = await executor
    .update(sandboxPaymentIntents)
    .set({ status: change.to, lastError: change.lastError, updatedAt: change.at })
    .where(
      and(
        eq(sandboxPaymentIntents.id, change.paymentIntentId),
        inArray(sandboxPaymentIntents.status, from),
      ),
    )
    .returning();
  return row;
}

/** Marks a succeeded intent refunded, once; undefined when it is not succeeded or was refunded. */
export async function refundPaymentIntent(
  executor: Executor,
  refund: { paymentIntentId: string; at: Date },
): Promise<SandboxPaymentIntentRow | undefined> {
  const [row] = await executor
    .update(sandboxPaymentIntents)
    .set({ refundedAt: refund.at, updatedAt: refund.at })
    .where(
      and(
        eq(sandboxPaymentIntents.id, refund.paymentIntentId),
        eq(sandboxPaymentIntents.status, 'succeeded'),
        isNull(sandboxPaymentIntents.refundedAt),
      ),
    )
    .returning();
  return row;
}

export async function insertPrice(
  executor: Executor,
  values: typeof sandboxPrices.$inferInsert,
): Promise<void> {
  await executor.insert(sandboxPrices).values(values);
}
