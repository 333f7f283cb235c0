import { FINANCIAL_VIEWER_NEURON } from '@app/contracts/financial-viewer';
import type { AuthContext } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { requireActiveAccess, type SubscriptionAccess } from '../billing/subscriptions.js';
import { isBlockedEmail } from '../users/service.js';

/**
 * Every Financial Viewer call of the web app goes through here: a blocked user is refused
 * (423), and a team without an active subscription gets 402.
 */
export async function requireFinancialViewer(
  deps: Deps,
  auth: AuthContext,
): Promise<SubscriptionAccess> {
  if (isBlockedEmail(deps.config, auth.email)) throw new AppError('USER_BLOCKED');
  return requireActiveAccess(deps, {
    teamId: auth.teamId,
    neuronId: FINANCIAL_VIEWER_NEURON,
    message: 'The team has no active Financial Viewer subscription.',
  });
}

/** The plan's bank connections (sold as "banks" on the plan cards); null is unlimited. */
export function connectionLimit(access: SubscriptionAccess): number | null {
  return access.plan.outputsLimitMonthly;
}
