import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  billingCustomers,
  invoiceCounters,
  invoiceLines,
  invoices,
  neurons,
  plans,
  prices,
  promotionCodes,
  subscriptions,
} from '../../db/schema/index.js';

export type CustomerRow = typeof billingCustomers.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type PromotionCodeRow = typeof promotionCodes.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PriceRow = typeof prices.$inferSelect;
export type NeuronRow = typeof neurons.$inferSelect;

/** Statuses that hold the neuron's one place per team (see the partial unique index). */
export const LIVE_STATUSES = ['ACTIVE', 'INCOMPLETE', 'PENDING', 'PROCESSING'] as const;

export function findCustomer(executor: Executor, teamId: string): Promise<CustomerRow | undefined> {
  return executor.query.billingCustomers.findFirst({ where: eq(billingCustomers.teamId, teamId) });
}

/** Keeps the first customer stored for a team when two requests create one at once. */
export async function insertCustomer(
  executor: Executor,
  teamId: string,
  gatewayCustomerId: string,
): Promise<CustomerRow> {
  await executor
    .insert(billingCustomers)
    .values({ teamId, gatewayCustomerId })
    .onConflictDoNothing();
  const customer = await findCustomer(executor, teamId);
  if (!customer) throw new Error('the billing customer was not stored');
  return customer;
}

export async function updateDefaultPaymentMethod(
  executor: Executor,
  teamId: string,
  paymentMethodId: string,
): Promise<void> {
  await executor
    .update(billingCustomers)
    .set({ defaultPaymentMethodId: paymentMethodId })
    .where(eq(billingCustomers.teamId, teamId));
}

export function findPrice(executor: Executor, priceId: string): Promise<PriceRow | undefined> {
  return executor.query.prices.findFirst({ where: eq(prices.id, priceId) });
}

export function findPlan(executor: Executor, planId: string): Promise<PlanRow | undefined> {
  return executor.query.plans.findFirst({ where: eq(plans.id, planId) });
}

export function findFreePlan(executor: Executor, neuronId: string): Promise<PlanRow | undefined> {
  return executor.query.plans.findFirst({
    where: and(eq(plans.neuronId, neuronId), eq(plans.isFree, true), eq(plans.active, true)),
  });
}

export function findNeuronsByIds(executor: Executor, ids: string[]): Promise<NeuronRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return executor.select().from(neurons).where(inArray(neurons.id, ids));
}

export function findPlansByIds(executor: Executor, ids: string[]): Promise<PlanRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return executor.select().from(plans).where(inArray(plans.id, ids));
}

export function findPricesByIds(executor: Executor, ids: string[]): Promise<PriceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return executor.select().from(prices).where(inArray(prices.id, ids));
}

export function findPricesOfPlans(executor: Executor, planIds: string[]): Promise<PriceRow[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return executor.select().from(prices).where(inArray(prices.planId, planIds));
}

export function findSubscription(
  executor: Executor,
  teamId: string,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  return executor.query.subscriptions.findFirst({
    where: and(eq(subscriptions.teamId, teamId), eq(subscriptions.id, subscriptionId)),
  });
}

/** Reads a subscription and holds it until the transaction ends. */
export async function lockSubscription(
  executor: Executor,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  return row;
}

export function findLiveSubscription(
  executor: Executor,
  teamId: string,
  neuronId: string,
): Promise<SubscriptionRow | undefined> {
  return executor.query.subscriptions.findFirst({
    where: and(
      eq(subscriptions.teamId, teamId),
      eq(subscriptions.neuronId, neuronId),
      inArray(subscriptions.status, [...LIVE_STATUSES]),
    ),
  });
}

export function findSubscriptions(executor: Executor, teamId: string): Promise<SubscriptionRow[]> {
  return executor
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.teamId, teamId))
    .orderBy(desc(subscriptions.createdAt));
}

/** True once any paid plan of the team has been active. */
export async function hasEverPaid(executor: Executor, teamId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.teamId, teamId),
        eq(plans.isFree, false),
        sql`${subscriptions.activatedAt} is not null`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertSubscription(
  executor: Executor,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await executor.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('the subscription was not stored');
  return row;
}

export async function updateSubscription(
  executor: Executor,
  subscriptionId: string,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<void> {
  await executor
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, subscriptionId));
}

/** The next invoice number of the year; the counter row stays locked until the commit. */
export async function nextInvoiceNumber(executor: Executor, year: number): Promise<string> {
  const [row] = await executor
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.year,
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error('no invoice number');
  return `${String(year)}-${String(row.last).padStart(6, '0')}`;
}

export async function insertInvoice(
  executor: Executor,
  values: typeof invoices.$inferInsert,
  lines: Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>[],
): Promise<InvoiceRow> {
  const [invoice] = await executor.insert(invoices).values(values).returning();
  if (!invoice) throw new Error('the invoice was not stored');
  if (lines.length > 0) {
    await executor
      .insert(invoiceLines)
      .values(lines.map((line) => ({ ...line, invoiceId: invoice.id })));
  }
  return invoice;
}

export async function updateInvoice(
  executor: Executor,
  invoiceId: string,
  values: Partial<typeof invoices.$inferInsert>,
): Promise<void> {
  await executor.update(invoices).set(values).where(eq(invoices.id, invoiceId));
}

export function findInvoice(
  executor: Executor,
  teamId: string,
  invoiceId: string,
): Promise<InvoiceRow | undefined> {
  return executor.query.invoices.findFirst({
    where: and(eq(invoices.teamId, teamId), eq(invoices.id, invoiceId)),
  });
}

/** Reads an invoice of the team and holds it until the transaction ends. */
export async function lockInvoice(
  executor: Executor,
  teamId: string,
  invoiceId: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await executor
    .select()
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), eq(invoices.id, invoiceId)))
    .for('update');
  return row;
}

/** The newest invoice of a subscription. */
export function findLatestInvoice(
  executor: Executor,
  subscriptionId: string,
): Promise<InvoiceRow | undefined> {
  return executor.query.invoices.findFirst({
    where: eq(invoices.subscriptionId, subscriptionId),
    orderBy: [desc(invoices.createdAt), desc(invoices.number)],
  });
}

/** The newest invoice of each of the subscriptions, in one query. */
export function findLatestInvoices(
  executor: Executor,
  subscriptionIds: string[],
): Promise<InvoiceRow[]> {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return executor
    .selectDistinctOn([invoices.subscriptionId])
    .from(invoices)
    .where(inArray(invoices.subscriptionId, subscriptionIds))
    .orderBy(invoices.subscriptionId, desc(invoices.createdAt), desc(invoices.number));
}

export function findInvoiceByPaymentIntent(
  executor: Executor,
  paymentIntentId: string,
): Promise<InvoiceRow | undefined> {
  return executor.query.invoices.findFirst({
    where: eq(invoices.paymentIntentId, paymentIntentId),
  });
}

export function findTeamInvoices(executor: Executor, teamId: string): Promise<InvoiceRow[]> {
  return executor
    .select()
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), sql`${invoices.status} <> 'draft'`))
    .orderBy(desc(invoices.createdAt), desc(invoices.number));
}

export function findInvoiceLines(
  executor: Executor,
  invoiceIds: string[],
): Promise<InvoiceLineRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(invoiceLines.position);
}

export function findPromotionCode(
  executor: Executor,
  code: string,
): Promise<PromotionCodeRow | undefined> {
  return executor.query.promotionCodes.findFirst({
    where: eq(promotionCodes.code, code.toUpperCase()),
  });
}

/** Counts a use, only while redemptions remain; false when none did. */
export async function redeemPromotionCode(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor
    .update(promotionCodes)
    .set({ timesRedeemed: sql`${promotionCodes.timesRedeemed} + 1` })
    .where(
      and(
        eq(promotionCodes.id, id),
        sql`(${promotionCodes.maxRedemptions} is null or ${promotionCodes.timesRedeemed} < ${promotionCodes.maxRedemptions})`,
      ),
    )
    .returning({ id: promotionCodes.id });
  return rows.length > 0;
}
