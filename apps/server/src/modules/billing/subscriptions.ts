/** The access a team's subscription gives: the check every neuron module calls. */
import type { TNeuronAccessResponse } from '@app/contracts';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { requireNeuron, toPlan } from '../catalogue/service.js';
import type { Owner } from './checkout.js';
import {
  findLiveSubscription,
  findPlan,
  findSubscription,
  type PlanRow,
  type SubscriptionRow,
} from './repository.js';
import { findPublicPricesOfPlan } from './subscription-presentation.js';

/** Whether the team may use the neuron now, and its plan's limits: for every member. */
export async function getNeuronAccess(
  deps: Deps,
  options: Owner & { neuronId: string },
): Promise<TNeuronAccessResponse> {
  await requireNeuron(deps, options.neuronId);
  const access = await getActiveAccess(deps, options);
  if (!access) return { isSubscribed: false, plan: null };
  const prices = await findPublicPricesOfPlan(deps, options.teamId, access.plan.id);
  return { isSubscribed: true, plan: toPlan(access.plan, prices, options.language) };
}

/** What a neuron API call is allowed: the team's active subscription and its plan. */
export type SubscriptionAccess = {
  subscriptionId: string;
  teamId: string;
  neuronId: string;
  plan: PlanRow;
};

async function toAccess(
  deps: Pick<Deps, 'db'>,
  subscription: SubscriptionRow | undefined,
): Promise<SubscriptionAccess | undefined> {
  if (subscription?.status !== 'ACTIVE') return undefined;
  const plan = await findPlan(deps.db, subscription.planId);
  if (!plan) return undefined;
  return {
    subscriptionId: subscription.id,
    teamId: subscription.teamId,
    neuronId: subscription.neuronId,
    plan,
  };
}

export async function getActiveAccess(
  deps: Pick<Deps, 'db'>,
  options: Owner & { neuronId: string },
): Promise<SubscriptionAccess | undefined> {
  return toAccess(deps, await findLiveSubscription(deps.db, options.teamId, options.neuronId));
}

/**
 * A module's gate for the web app: the team's access to the neuron, or 402
 * SUBSCRIPTION_REQUIRED (a 4xx that does not sign the web app out, as 401 and 403 do).
 */
export async function requireActiveAccess(
  deps: Pick<Deps, 'db'>,
  options: Owner & { neuronId: string; message: string },
): Promise<SubscriptionAccess> {
  const access = await getActiveAccess(deps, options);
  if (!access) throw new AppError('SUBSCRIPTION_REQUIRED', { message: options.message });
  return access;
}

/** The access a subscription of the team gives now; none once it has ended or while unpaid. */
export async function getSubscriptionAccess(
  deps: Pick<Deps, 'db'>,
  options: { teamId: string; subscriptionId: string },
): Promise<SubscriptionAccess | undefined> {
  return toAccess(deps, await findSubscription(deps.db, options.teamId, options.subscriptionId));
}
