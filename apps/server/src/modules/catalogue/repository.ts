import { and, asc, eq, inArray, isNull, sql, type Column } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { neurons, plans, prices } from '../../db/schema/index.js';

export type { CatalogueTranslations } from '../../db/schema/index.js';
export type NeuronRow = typeof neurons.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PriceRow = typeof prices.$inferSelect;

export function findNeurons(executor: Executor): Promise<NeuronRow[]> {
  return executor.select().from(neurons).orderBy(asc(neurons.position));
}

export function findNeuron(executor: Executor, neuronId: string): Promise<NeuronRow | undefined> {
  return executor.query.neurons.findFirst({ where: eq(neurons.id, neuronId) });
}

export function findActivePlans(executor: Executor, neuronId: string): Promise<PlanRow[]> {
  return executor
    .select()
    .from(plans)
    .where(and(eq(plans.neuronId, neuronId), eq(plans.active, true)))
    .orderBy(asc(plans.rank));
}

/** The public prices of the plans: those of no particular team. */
export function findPublicPrices(executor: Executor, planIds: string[]): Promise<PriceRow[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(prices)
    .where(and(inArray(prices.planId, planIds), isNull(prices.teamId), eq(prices.active, true)))
    .orderBy(asc(prices.createdAt));
}

// --- Seeding: adds what is missing and leaves what exists alone ---

/** An install from before translations were data has `{}`: it gets the seed's, once. */
function hasNoTranslations(column: Column) {
  return sql`${column} = '{}'::jsonb`;
}

export async function insertMissingNeuron(
  executor: Executor,
  values: typeof neurons.$inferInsert,
): Promise<void> {
  await executor.insert(neurons).values(values).onConflictDoNothing();
  await executor
    .update(neurons)
    .set({ translations: values.translations })
    .where(and(eq(neurons.id, values.id), hasNoTranslations(neurons.translations)));
}

export async function insertMissingPlan(
  executor: Executor,
  values: Omit<typeof plans.$inferInsert, 'id'>,
): Promise<void> {
  await executor.insert(plans).values(values).onConflictDoNothing();
  await executor
    .update(plans)
    .set({ translations: values.translations })
    .where(and(isPlanOfCode(values), hasNoTranslations(plans.translations)));
}

type FilledLimit = 'maxDocumentCharacters' | 'rowsLimitMonthly';

/** Sets each given limit of a plan where it has none (an install from before the limit). */
export async function fillMissingLimits(
  executor: Executor,
  plan: { neuronId: string; code: string; limits: Record<FilledLimit, number | undefined> },
): Promise<void> {
  for (const [column, value] of Object.entries(plan.limits) as [FilledLimit, number?][]) {
    if (value === undefined) continue;
    await executor
      .update(plans)
      .set({ [column]: value })
      .where(and(isPlanOfCode(plan), isNull(plans[column])));
  }
}

export async function findPlanId(
  executor: Executor,
  plan: { neuronId: string; code: string },
): Promise<string | undefined> {
  const [stored] = await executor.select({ id: plans.id }).from(plans).where(isPlanOfCode(plan));
  return stored?.id;
}

function isPlanOfCode(plan: { neuronId: string; code: string }) {
  return and(eq(plans.neuronId, plan.neuronId), eq(plans.code, plan.code));
}

export async function insertMissingPrices(
  executor: Executor,
  values: (typeof prices.$inferInsert)[],
): Promise<void> {
  await executor.insert(prices).values(values).onConflictDoNothing();
}
