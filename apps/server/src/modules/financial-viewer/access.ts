import { FINANCIAL_VIEWER_NEURON } from '@app/contracts/financial-viewer';
import type { AuthContext } from '../../platform/auth.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getActiveAccess, type SubscriptionAccess } from '../billing/subscriptions.js';
import { isBlockedEmail } from '../users/service.js';

/**
 * Every Financial Viewer call of the web app goes through here: a blocked user is refused
 * (423), and a team without an active subscription gets 402, a 4xx that does not sign the
 * web app out (401 and 403 do).
 */
export async function requireFinancialViewer(
  deps: Deps,
  auth: AuthContext,
): Promise<SubscriptionAccess> {
  if (isBlockedEmail(deps.config, auth.email)) throw new AppError('USER_BLOCKED');
  const access = await getActiveAccess(deps, {
    teamId: auth.teamId,
    neuronId: FINANCIAL_VIEWER_NEURON,
  });
  if (!access) {
    throw new AppError('SUBSCRIPTION_REQUIRED', {
      message: 'The team has no active Financial Viewer subscription.',
    });
  }
  return access;
}

/** The plan's bank connections (sold as "banks" on the plan cards); null is unlimited. */
export function connectionLimit(access: SubscriptionAccess): number | null {
  return access.plan.outputsLimitMonthly;
}
