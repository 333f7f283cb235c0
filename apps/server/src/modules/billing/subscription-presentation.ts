import type { TPaymentIntentSummary, TSubscribeResponse, TSubscription } from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { PaymentIntent } from '../../platform/payments/gateway.js';
import { localize } from '../catalogue/service.js';
import type { Owner } from './checkout.js';
import {
  findLatestInvoices,
  findNeuronsByIds,
  findPlansByIds,
  findPricesForTeam,
  findPricesOfPlansForTeam,
  findSubscription,
  type InvoiceRow,
  type NeuronRow,
  type PlanRow,
  type PriceRow,
  type SubscriptionRow,
} from './repository.js';

/** The catalogue rows and latest invoices that subscriptions are shown with. */
type PresentationRows = {
  neurons: Map<string, NeuronRow>;
  plans: Map<string, PlanRow>;
  prices: PriceRow[];
  latestInvoices: Map<string, InvoiceRow>;
};

/**
 * What presenting these subscriptions of the team reads, in a fixed number of queries for any
 * number; the prices are the public ones and the team's own.
 */
async function loadPresentationRows(
  deps: Deps,
  teamId: string,
  subscriptions: SubscriptionRow[],
): Promise<PresentationRows> {
  const scheduledPrices = await findPricesForTeam(
    deps.db,
    teamId,
    subscriptions.flatMap((row) => (row.scheduledPriceId ? [row.scheduledPriceId] : [])),
  );
  const planIds = [
    ...new Set([
      ...subscriptions.map((row) => row.planId),
      ...scheduledPrices.map((p) => p.planId),
    ]),
  ];
  const [neuronRows, planRows, prices, invoiceRows] = await Promise.all([
    findNeuronsByIds(deps.db, [...new Set(subscriptions.map((row) => row.neuronId))]),
    findPlansByIds(deps.db, planIds),
    findPricesOfPlansForTeam(deps.db, teamId, planIds),
    findLatestInvoices(
      deps.db,
      teamId,
      subscriptions.map((row) => row.id),
    ),
  ]);
  return {
    neurons: new Map(neuronRows.map((row) => [row.id, row])),
    plans: new Map(planRows.map((row) => [row.id, row])),
    prices,
    latestInvoices: new Map(invoiceRows.map((row) => [row.subscriptionId ?? '', row])),
  };
}

export type PresentOptions = Owner & { intent?: PaymentIntent };

/** The team's subscriptions in the API's shape. */
export async function presentSubscriptions(
  deps: Deps,
  subscriptions: SubscriptionRow[],
  options: PresentOptions,
): Promise<TSubscription[]> {
  const rows = await loadPresentationRows(deps, options.teamId, subscriptions);
  return Promise.all(
    subscriptions.map((subscription) => presentSubscription(deps, subscription, rows, options)),
  );
}

export async function presentOne(
  deps: Deps,
  subscription: SubscriptionRow,
  options: PresentOptions,
): Promise<TSubscription> {
  const [presented] = await presentSubscriptions(deps, [subscription], options);
  if (!presented) throw new Error(`subscription ${subscription.id} was not presented`);
  return presented;
}

async function presentSubscription(
  deps: Deps,
  subscription: SubscriptionRow,
  rows: PresentationRows,
  options: PresentOptions,
): Promise<TSubscription> {
  const { language, intent } = options;
  const neuron = rows.neurons.get(subscription.neuronId);
  const plan = rows.plans.get(subscription.planId);
  const latestInvoice = rows.latestInvoices.get(subscription.id);
  if (!neuron || !plan) throw new Error(`subscription ${subscription.id} lost its plan`);
  const neuronName = localize(neuron, language).name;
  const planPrices = rows.prices.filter((price) => price.planId === plan.id);
  const price = planPrices.find((candidate) => candidate.id === subscription.priceId);
  const awaitsPayment = ['INCOMPLETE', 'PENDING', 'PROCESSING'].includes(subscription.status);
  const paymentIntent =
    intent ??
    (awaitsPayment && latestInvoice?.paymentIntentId
      ? await deps.payments.getPaymentIntent(latestInvoice.paymentIntentId)
      : undefined);
  const hasDiscount = subscription.percentOff !== null || subscription.amountOffCents !== null;
  const scheduledPrice = rows.prices.find(
    (candidate) => candidate.id === subscription.scheduledPriceId,
  );
  const scheduledPlan = scheduledPrice && rows.plans.get(scheduledPrice.planId);
  return {
    id: subscription.id,
    internalId: subscription.id,
    status: subscription.status,
    serviceName: neuronName,
    neuron: neuron.id,
    product: {
      productName: neuronName,
      prices: planPrices
        .filter((candidate) => candidate.teamId === null && candidate.interval !== 'ONE_TIME')
        .map((candidate) => ({
          interval: candidate.interval as 'MONTH' | 'YEAR',
          price: candidate.amountCents,
        })),
    },
    planInfo: { planName: localize(plan, language).name },
    planCode: plan.code,
    priceId: subscription.priceId,
    priceCents: price?.amountCents ?? null,
    interval: price && price.interval !== 'ONE_TIME' ? price.interval : null,
    imageUrl: neuron.imageUrl,
    startDate: subscription.currentPeriodStart.toISOString(),
    endDate: subscription.currentPeriodEnd.toISOString(),
    canceledAt: subscription.canceledAt?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    scheduledChange:
      scheduledPrice && scheduledPlan
        ? {
            planCode: scheduledPlan.code,
            planName: localize(scheduledPlan, language).name,
            priceId: scheduledPrice.id,
            startsAt: subscription.currentPeriodEnd.toISOString(),
          }
        : null,
    isMicroservice: true,
    discount: hasDiscount
      ? { amountOff: subscription.amountOffCents, percentOff: subscription.percentOff }
      : null,
    paymentIntent: paymentIntent ? toIntentSummary(paymentIntent) : null,
    paymentMethodId: subscription.paymentMethodId,
    discountEndsAt: subscription.discountEndsAt?.toISOString() ?? null,
  };
}

function toIntentSummary(intent: PaymentIntent): TPaymentIntentSummary {
  return {
    status: intent.status,
    clientSecret: intent.clientSecret,
    paymentMethodId: intent.paymentMethodId,
    nextActionUrl: intent.nextActionUrl,
    lastError: intent.lastError,
  };
}

export async function respond(
  deps: Deps,
  subscriptionId: string,
  options: Owner & { intent: PaymentIntent | undefined },
): Promise<TSubscribeResponse> {
  const subscription = await findSubscription(deps.db, options.teamId, subscriptionId);
  if (!subscription) throw new AppError('NOT_FOUND');
  return {
    subscription: await presentOne(deps, subscription, options),
    clientSecret: options.intent?.clientSecret ?? null,
    paymentStatus: options.intent?.status ?? null,
  };
}

/** The public prices of the plan, the ones its card shows. */
export async function findPublicPricesOfPlan(
  deps: Deps,
  teamId: string,
  planId: string,
): Promise<PriceRow[]> {
  const prices = await findPricesOfPlansForTeam(deps.db, teamId, [planId]);
  return prices.filter((price) => price.teamId === null);
}
