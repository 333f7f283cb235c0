import { NUCLEUS_NEURON } from '@app/contracts/nucleus';
import type { AuthContext } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { requireActiveAccess, type SubscriptionAccess } from '../billing/subscriptions.js';

/** Every Nucleus (Sinteza) call of the web app goes through here: 402 without a subscription. */
export function requireNucleus(deps: Deps, auth: AuthContext): Promise<SubscriptionAccess> {
  return requireActiveAccess(deps, {
    teamId: auth.teamId,
    neuronId: NUCLEUS_NEURON,
    message: 'The team has no active Nucleus subscription; the free plan is enough to start.',
  });
}
