import { NUCLEUS_NEURON } from '@app/contracts/nucleus';
import type { AuthContext } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getActiveAccess, type SubscriptionAccess } from '../billing/subscriptions.js';

/**
 * Every Nucleus (Sinteza) call of the web app goes through here: a team without an active
 * subscription (the free plan counts) gets 402, a 4xx that does not sign the web app out.
 */
export async function requireNucleus(deps: Deps, auth: AuthContext): Promise<SubscriptionAccess> {
  const access = await getActiveAccess(deps, { teamId: auth.teamId, neuronId: NUCLEUS_NEURON });
  if (!access) {
    throw new AppError('SUBSCRIPTION_REQUIRED', {
      message: 'The team has no active Nucleus subscription; the free plan is enough to start.',
    });
  }
  return access;
}
