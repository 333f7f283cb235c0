import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { neurons, plans, prices } from '../../db/schema/index.js';

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
