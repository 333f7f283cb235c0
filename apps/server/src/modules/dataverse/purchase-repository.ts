import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { dvPurchases, invoices } from '../../db/schema/index.js';

export type PurchaseRow = typeof dvPurchases.$inferSelect;
export type PurchaseInsert = Omit<typeof dvPurchases.$inferInsert, 'id'>;
/** A purchase with what its invoice says: whether it is paid, and the amounts charged. */
export type PurchaseWithInvoice = {
  purchase: PurchaseRow;
  invoice: typeof invoices.$inferSelect;
};

function purchaseWithInvoice() {
  return { purchase: dvPurchases, invoice: invoices };
}

export async function insertPurchase(
  executor: Executor,
  values: PurchaseInsert,
): Promise<PurchaseRow> {
  const [row] = await executor.insert(dvPurchases).values(values).returning();
  if (!row) throw new Error('the purchase was not stored');
  return row;
}

/** A purchase of the team, with its invoice; another team's is undefined. */
export async function findPurchase(
  executor: Executor,
  teamId: string,
  purchaseId: string,
): Promise<PurchaseWithInvoice | undefined> {
  const [row] = await executor
    .select(purchaseWithInvoice())
    .from(dvPurchases)
    .innerJoin(invoices, eq(invoices.id, dvPurchases.invoiceId))
    .where(and(eq(dvPurchases.teamId, teamId), eq(dvPurchases.id, purchaseId)));
  return row;
}

/** The team's purchases, newest first. */
export async function findPurchases(
  executor: Executor,
  teamId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: PurchaseWithInvoice[]; total: number }> {
  const rows = await executor
    .select(purchaseWithInvoice())
    .from(dvPurchases)
    .innerJoin(invoices, eq(invoices.id, dvPurchases.invoiceId))
    .where(eq(dvPurchases.teamId, teamId))
    .orderBy(desc(dvPurchases.createdAt), desc(dvPurchases.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(dvPurchases)
    .where(eq(dvPurchases.teamId, teamId));
  return { rows, total: count?.total ?? 0 };
}

/** The team's order of the instance still waiting for its payment (open invoice), if any. */
export async function findOpenPurchase(
  executor: Executor,
  teamId: string,
  dsiId: string,
): Promise<PurchaseWithInvoice | undefined> {
  const [row] = await executor
    .select(purchaseWithInvoice())
    .from(dvPurchases)
    .innerJoin(invoices, eq(invoices.id, dvPurchases.invoiceId))
    .where(
      and(
        eq(dvPurchases.teamId, teamId),
        eq(dvPurchases.dsiId, dsiId),
        eq(invoices.status, 'open'),
      ),
    )
    .orderBy(desc(dvPurchases.createdAt));
  return row;
}

/** The team's paid purchase of at least `quantity` rows of the instance, if any. */
export async function findPaidPurchaseCovering(
  executor: Executor,
  teamId: string,
  options: { dsiId: string; quantity: number },
): Promise<PurchaseWithInvoice | undefined> {
  const [row] = await executor
    .select(purchaseWithInvoice())
    .from(dvPurchases)
    .innerJoin(invoices, eq(invoices.id, dvPurchases.invoiceId))
    .where(
      and(
        eq(dvPurchases.teamId, teamId),
        eq(dvPurchases.dsiId, options.dsiId),
        gte(dvPurchases.quantity, options.quantity),
        eq(invoices.status, 'paid'),
      ),
    )
    .orderBy(desc(invoices.paidAt));
  return row;
}

/** The team's newest paid purchase of the dataset (or of the instance of that id). */
export async function findPaidPurchaseOfDataset(
  executor: Executor,
  teamId: string,
  id: string,
): Promise<PurchaseWithInvoice | undefined> {
  const [row] = await executor
    .select(purchaseWithInvoice())
    .from(dvPurchases)
    .innerJoin(invoices, eq(invoices.id, dvPurchases.invoiceId))
    .where(
      and(
        eq(dvPurchases.teamId, teamId),
        sql`(${dvPurchases.datasetId} = ${id} or ${dvPurchases.dsiId} = ${id})`,
        eq(invoices.status, 'paid'),
      ),
    )
    .orderBy(desc(invoices.paidAt));
  return row;
}

/**
 * Serialises the orders of one team for one instance until the transaction ends, so that a
 * double submit arriving twice at once makes one order.
 */
export async function lockTeamOrders(
  executor: Executor,
  teamId: string,
  dsiId: string,
): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`dv-purchase:${teamId}:${dsiId}`}, 0))`,
  );
}

/**
 * The seller team's sales: its purchases that are paid, newest first. Seller metrics read
 * them (revenue = the sum of `price_cents`, before promotion codes and VAT).
 */
export function findSales(
  executor: Executor,
  sellerTeamId: string,
): Promise<{ purchase: PurchaseRow; paidAt: Date | null }[]> {
  return executor
    .select({ purchase: dvPurchases, paidAt: invoices.paidAt })
    .from(dvPurchases)
    .innerJoin(invoices, eq(invoices.id, dvPurchases.invoiceId))
    .where(and(eq(dvPurchases.sellerTeamId, sellerTeamId), eq(invoices.status, 'paid')))
    .orderBy(desc(invoices.paidAt));
}

/** The seller team's paid sales per dataset (null: a dataset since deleted): purchases and revenue. */
export function findSalesPerDataset(
  executor: Executor,
  sellerTeamId: string,
): Promise<{ datasetId: string | null; purchases: number; revenue: number }[]> {
  return executor
    .select({
      datasetId: dvPurchases.datasetId,
      purchases: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(${dvPurchases.priceCents}), 0)::int`,
    })
    .from(dvPurchases)
    .innerJoin(invoices, eq(invoices.id, dvPurchases.invoiceId))
    .where(and(eq(dvPurchases.sellerTeamId, sellerTeamId), eq(invoices.status, 'paid')))
    .groupBy(dvPurchases.datasetId);
}

/** The seller team's paid sales per day of payment (yyyy-MM-dd, UTC), paid from `since` on. */
export function findSalesPerDay(
  executor: Executor,
  sellerTeamId: string,
  since: Date,
): Promise<{ day: string; purchases: number; revenue: number }[]> {
  const day = sql<string>`to_char(${invoices.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return executor
    .select({
      day,
      purchases: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(${dvPurchases.priceCents}), 0)::int`,
    })
    .from(dvPurchases)
    .innerJoin(invoices, eq(invoices.id, dvPurchases.invoiceId))
    .where(
      and(
        eq(dvPurchases.sellerTeamId, sellerTeamId),
        eq(invoices.status, 'paid'),
        gte(invoices.paidAt, since),
      ),
    )
    .groupBy(day);
}

/** A purchase by id alone: for the delivery job and a signed address, which name no team. */
export function findPurchaseById(
  executor: Executor,
  purchaseId: string,
): Promise<PurchaseWithInvoice | undefined> {
  return executor
    .select(purchaseWithInvoice())
    .from(dvPurchases)
    .innerJoin(invoices, eq(invoices.id, dvPurchases.invoiceId))
    .where(eq(dvPurchases.id, purchaseId))
    .then((rows) => rows[0]);
}

export async function updatePurchaseDelivery(
  executor: Executor,
  teamId: string,
  purchaseId: string,
  values: Pick<
    Partial<PurchaseInsert>,
    'deliveryStatus' | 'deliveryRows' | 'deliveryColumns' | 'deliveredAt'
  >,
): Promise<void> {
  await executor
    .update(dvPurchases)
    .set(values)
    .where(and(eq(dvPurchases.teamId, teamId), eq(dvPurchases.id, purchaseId)));
}
