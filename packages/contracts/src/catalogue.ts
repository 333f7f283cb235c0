import { z } from 'zod';

/** The neurons the platform sells; their ids are the names in the API paths. */
export const NEURON_IDS = ['FinancialViewer', 'LegalMind', 'Nucleus'] as const;
export type NeuronId = (typeof NEURON_IDS)[number];

/** Annual billing saves this share of twelve monthly payments (spec section 9). */
export const ANNUAL_DISCOUNT = 0.2;

/** 12 × monthly − 20 %, in cents. */
export function annualPriceCents(monthlyCents: number): number {
  return Math.round(monthlyCents * 12 * (1 - ANNUAL_DISCOUNT));
}

/** Unknown names pass the schema and answer 404, as any unknown resource does. */
export const ZNeuronParams = z.object({ neuron: z.string().min(1).max(64) });

export const ZNeuron = z.object({
  id: z.enum(NEURON_IDS),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  /** The web route of the module. */
  path: z.string(),
  /** The address of the module's API, for the token page. */
  microserviceUrl: z.string(),
});
export type TNeuron = z.infer<typeof ZNeuron>;

/**
 * A plan as the plan cards show it (the spec's Plan entity). Prices are euro cents; a null
 * limit is unlimited; a null price is not sold at that interval (free and enterprise plans).
 */
export const ZPlan = z.object({
  planId: z.string(),
  planName: z.string(),
  planDesc: z.string(),
  planCode: z.string(),
  /** Orders a neuron's plans: a higher rank is an upgrade. */
  planRank: z.number().int(),
  planGroup: z.enum(['cloud', 'edge']),
  isFree: z.boolean(),
  isEnterprise: z.boolean(),
  planPriceMonthly: z.number().int().nullable(),
  planPriceYearly: z.number().int().nullable(),
  planPriceIdMonthly: z.string().nullable(),
  planPriceIdYearly: z.string().nullable(),
  planNumRows: z.number().int().nullable(),
  planNumColumns: z.number().int().nullable(),
  planCallsLimitMonthly: z.number().int().nullable(),
  planOutputsLimitMonthly: z.number().int().nullable(),
  /** Rows a Nucleus team's runs may draw in a calendar month. */
  planRowsLimitMonthly: z.number().int().nullable(),
  planNumConcurrentJobs: z.number().int().nullable(),
  planNumTables: z.number().int().nullable(),
  /** The longest LegalMind document the plan takes, in characters. */
  planMaxDocumentCharacters: z.number().int().nullable(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZAvailablePlansResponse = z.array(ZPlan);
export const ZListNeuronsResponse = z.array(ZNeuron);
