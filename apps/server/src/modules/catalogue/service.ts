import { DEFAULT_LANGUAGE, type Language, type TNeuron, type TPlan } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import {
  findActivePlans,
  findNeuron,
  findNeurons,
  findPublicPrices,
  type CatalogueTranslations,
  type NeuronRow,
  type PlanRow,
  type PriceRow,
} from './repository.js';

type Translatable = { name: string; description: string; translations: CatalogueTranslations };

/** A neuron's or plan's name and description in the language asked for, English otherwise. */
export function localize(
  row: Translatable,
  language: Language = DEFAULT_LANGUAGE,
): { name: string; description: string } {
  return row.translations[language] ?? { name: row.name, description: row.description };
}

function toNeuron(deps: Pick<Deps, 'config'>, neuron: NeuronRow, language?: Language): TNeuron {
  const { name, description } = localize(neuron, language);
  return {
    id: neuron.id as TNeuron['id'],
    name,
    description,
    imageUrl: neuron.imageUrl,
    path: neuron.path,
    microserviceUrl: `${deps.config.publicUrl}${neuron.apiPath}`,
  };
}

export function toPlan(plan: PlanRow, planPrices: PriceRow[], language?: Language): TPlan {
  const { name, description } = localize(plan, language);
  const monthly = planPrices.find((price) => price.interval === 'MONTH');
  const yearly = planPrices.find((price) => price.interval === 'YEAR');
  return {
    planId: plan.id,
    planName: name,
    planDesc: description,
    planCode: plan.code,
    planRank: plan.rank,
    planGroup: plan.group,
    isFree: plan.isFree,
    isEnterprise: plan.isEnterprise,
    planPriceMonthly: monthly?.amountCents ?? null,
    planPriceYearly: yearly?.amountCents ?? null,
    planPriceIdMonthly: monthly?.id ?? null,
    planPriceIdYearly: yearly?.id ?? null,
    planNumRows: plan.numRows,
    planNumColumns: plan.numColumns,
    planCallsLimitMonthly: plan.callsLimitMonthly,
    planOutputsLimitMonthly: plan.outputsLimitMonthly,
    planRowsLimitMonthly: plan.rowsLimitMonthly,
    planNumConcurrentJobs: plan.numConcurrentJobs,
    planNumTables: plan.numTables,
    planMaxDocumentCharacters: plan.maxDocumentCharacters,
  };
}

export async function listNeurons(deps: Deps, options: { language: Language }): Promise<TNeuron[]> {
  return (await findNeurons(deps.db)).map((neuron) => toNeuron(deps, neuron, options.language));
}

/** The neuron, read through the caller's transaction if it has one; undefined when unknown. */
export function getNeuron(executor: Executor, neuronId: string): Promise<NeuronRow | undefined> {
  return findNeuron(executor, neuronId);
}

export async function requireNeuron(deps: Deps, neuronId: string): Promise<NeuronRow> {
  const neuron = await getNeuron(deps.db, neuronId);
  if (!neuron) throw new AppError('NOT_FOUND', { message: `There is no neuron ${neuronId}.` });
  return neuron;
}

export async function getNeuronInfo(
  deps: Deps,
  options: { neuronId: string; language?: Language },
): Promise<TNeuron> {
  return toNeuron(deps, await requireNeuron(deps, options.neuronId), options.language);
}

/** The neuron's plans on sale, cheapest first, with their public monthly and annual prices. */
export async function listAvailablePlans(
  deps: Deps,
  options: { neuronId: string; language: Language },
): Promise<TPlan[]> {
  const neuron = await requireNeuron(deps, options.neuronId);
  const plans = await findActivePlans(deps.db, neuron.id);
  const prices = await findPublicPrices(
    deps.db,
    plans.map((plan) => plan.id),
  );
  return plans.map((plan) =>
    toPlan(
      plan,
      prices.filter((price) => price.planId === plan.id),
      options.language,
    ),
  );
}
