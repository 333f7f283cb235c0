import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  INVOICE_SERIES,
  billingCustomers,
  invoiceCounters,
  invoiceLines,
  invoices,
  jobs,
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
export type InvoiceSeries = (typeof INVOICE_SERIES)[number];
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

/**
 * The one rule of which prices a team may see and buy: the public ones (no team) and its own
 * custom ones. Another team's custom price is as unknown as a made-up id.
 */
function isPriceOfTeam(teamId: string): SQL {
  return sql`(${prices.teamId} is null or ${prices.teamId} = ${teamId})`;
}

/** A price the team may buy or pay: public or its own custom one; otherwise undefined. */
export async function findPriceForTeam(
  executor: Executor,
  teamId: string,
  priceId: string,
): Promise<PriceRow | undefined> {
  const [price] = await findPricesForTeam(executor, teamId, [priceId]);
  return price;
}

/** The prices among these ids that the team may see (see findPriceForTeam). */
export function findPricesForTeam(
  executor: Executor,
  teamId: string,
  priceIds: string[],
): Promise<PriceRow[]> {
  if (priceIds.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(prices)
    .where(and(inArray(prices.id, priceIds), isPriceOfTeam(teamId)));
}

/** Every price of the plans that the team may see: the public ones and its own. */
export function findPricesOfPlansForTeam(
  executor: Executor,
  teamId: string,
  planIds: string[],
): Promise<PriceRow[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(prices)
    .where(and(inArray(prices.planId, planIds), isPriceOfTeam(teamId)));
}

/**
 * Every paid plan with each of its prices that the team may see (one row per price, or one
 * with no price); without a team, the public prices alone. For the administrator's view.
 */
export function findPaidPlansWithPrices(
  executor: Executor,
  teamId: string | undefined,
): Promise<{ plan: PlanRow; price: PriceRow | null }[]> {
  return executor
    .select({ plan: plans, price: prices })
    .from(plans)
    .leftJoin(
      prices,
      and(
        eq(prices.planId, plans.id),
        teamId === undefined ? isNull(prices.teamId) : isPriceOfTeam(teamId),
      ),
    )
    .where(eq(plans.isFree, false))
    .orderBy(asc(plans.neuronId), asc(plans.rank), asc(prices.createdAt), asc(prices.interval));
}

/** A price of a plan; an administrator's custom one carries its team. */
export async function insertPrice(
  executor: Executor,
  values: typeof prices.$inferInsert,
): Promise<PriceRow> {
  const [price] = await executor.insert(prices).values(values).returning();
  if (!price) throw new Error('the price was not stored');
  return price;
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

export function findSubscription(
  executor: Executor,
  teamId: string,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  return executor.query.subscriptions.findFirst({
    where: and(eq(subscriptions.teamId, teamId), eq(subscriptions.id, subscriptionId)),
  });
}

/**
 * System entry point for a job that names a subscription and no team (a renewal, the expiry
 * of an unpaid one): the team it belongs to. Every read and write after it is scoped by it.
 */
export async function findTeamOfSubscription(
  executor: Executor,
  subscriptionId: string,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ teamId: subscriptions.teamId })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return row?.teamId;
}

/** Reads a subscription of the team and holds it until the transaction ends. */
export async function lockSubscription(
  executor: Executor,
  teamId: string,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await executor
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.id, subscriptionId)))
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
  teamId: string,
  subscriptionId: string,
  values: Partial<Omit<typeof subscriptions.$inferInsert, 'id' | 'teamId'>>,
): Promise<void> {
  await executor
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.teamId, teamId), eq(subscriptions.id, subscriptionId)));
}

/**
 * The next number of the series and year (`F-2026-000042`): the counter row stays locked
 * until the transaction ends, so numbers are neither skipped (a rollback returns it) nor
 * given twice.
 */
export async function nextInvoiceNumber(
  executor: Executor,
  series: InvoiceSeries,
  year: number,
): Promise<string> {
  const [row] = await executor
    .insert(invoiceCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error('no invoice number');
  return `${series}-${String(year)}-${String(row.last).padStart(6, '0')}`;
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
  teamId: string,
  invoiceId: string,
  values: Partial<Omit<typeof invoices.$inferInsert, 'id' | 'teamId'>>,
): Promise<void> {
  await executor
    .update(invoices)
    .set(values)
    .where(and(eq(invoices.teamId, teamId), eq(invoices.id, invoiceId)));
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

/**
 * Records that the owner is told of the renewal at `periodEnd`; false when that was done
 * already, so the notice goes once however often its job runs.
 */
export async function claimRenewalNotice(
  executor: Executor,
  options: { teamId: string; subscriptionId: string; periodEnd: Date },
): Promise<boolean> {
  const rows = await executor
    .update(subscriptions)
    .set({ renewalNoticeFor: options.periodEnd })
    .where(
      and(
        eq(subscriptions.teamId, options.teamId),
        eq(subscriptions.id, options.subscriptionId),
        or(
          isNull(subscriptions.renewalNoticeFor),
          ne(subscriptions.renewalNoticeFor, options.periodEnd),
        ),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
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

/** The newest invoice (not a credit note) of a subscription of the team. */
export function findLatestInvoice(
  executor: Executor,
  teamId: string,
  subscriptionId: string,
): Promise<InvoiceRow | undefined> {
  return executor.query.invoices.findFirst({
    where: and(
      eq(invoices.teamId, teamId),
      eq(invoices.subscriptionId, subscriptionId),
      eq(invoices.series, 'F'),
    ),
    orderBy: [desc(invoices.createdAt), desc(invoices.number)],
  });
}

/** The newest invoice (not a credit note) of each of the team's subscriptions, in one query. */
export function findLatestInvoices(
  executor: Executor,
  teamId: string,
  subscriptionIds: string[],
): Promise<InvoiceRow[]> {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return executor
    .selectDistinctOn([invoices.subscriptionId])
    .from(invoices)
    .where(
      and(
        eq(invoices.teamId, teamId),
        inArray(invoices.subscriptionId, subscriptionIds),
        eq(invoices.series, 'F'),
      ),
    )
    .orderBy(invoices.subscriptionId, desc(invoices.createdAt), desc(invoices.number));
}

/**
 * System entry point for the payment provider's news of an intent (a webhook, a job), which
 * names no team: the invoice the intent pays. Everything after it is scoped by its `teamId`.
 */
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

/** The team's invoices among these ids. */
export function findInvoicesByIds(
  executor: Executor,
  teamId: string,
  invoiceIds: string[],
): Promise<InvoiceRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), inArray(invoices.id, invoiceIds)));
}

/** The credit note that corrects an invoice of the team, if any. */
/** How many credit notes the team's invoice has and what they took back, as positive amounts. */
export async function findCreditedAmounts(
  executor: Executor,
  teamId: string,
  invoiceId: string,
): Promise<{
  notes: number;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}> {
  const [credited] = await executor
    .select({
      notes: sql<number>`count(*)::int`,
      subtotalCents: sql<number>`coalesce(-sum(${invoices.subtotalCents}), 0)::int`,
      discountCents: sql<number>`coalesce(-sum(${invoices.discountCents}), 0)::int`,
      taxCents: sql<number>`coalesce(-sum(${invoices.taxCents}), 0)::int`,
      totalCents: sql<number>`coalesce(-sum(${invoices.totalCents}), 0)::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), eq(invoices.correctsInvoiceId, invoiceId)));
  return credited ?? { notes: 0, subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0 };
}

/** The credit note answering the provider's refund or dispute, if one was issued. */
export function findCreditNoteByReference(
  executor: Executor,
  teamId: string,
  providerReference: string,
): Promise<InvoiceRow | undefined> {
  return executor.query.invoices.findFirst({
    where: and(eq(invoices.teamId, teamId), eq(invoices.providerReference, providerReference)),
  });
}

/** The lines of the team's invoices among these ids. */
export function findInvoiceLines(
  executor: Executor,
  teamId: string,
  invoiceIds: string[],
): Promise<InvoiceLineRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return executor
    .select(getTableColumns(invoiceLines))
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoices.teamId, teamId), inArray(invoiceLines.invoiceId, invoiceIds)))
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

/** Platform-wide, not a team's: created and listed by the administrator. */
export async function insertPromotionCode(
  executor: Executor,
  values: typeof promotionCodes.$inferInsert,
): Promise<PromotionCodeRow> {
  const [row] = await executor.insert(promotionCodes).values(values).returning();
  if (!row) throw new Error('the promotion code was not stored');
  return row;
}

export function findPromotionCodes(executor: Executor): Promise<PromotionCodeRow[]> {
  return executor.select().from(promotionCodes).orderBy(desc(promotionCodes.createdAt));
}

/** When the first pending job `name` of the subscription with a `retry` above `after` runs. */
export async function findNextRetryAt(
  executor: Executor,
  options: { name: string; subscriptionId: string; after: number },
): Promise<Date | undefined> {
  const [next] = await executor
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, options.name),
        eq(jobs.status, 'pending'),
        sql`${jobs.payload}->>'subscriptionId' = ${options.subscriptionId}`,
        sql`(${jobs.payload}->>'retry')::int > ${options.after}`,
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(1);
  return next?.runAt;
}
