import { hasRole } from '@app/contracts/roles';

/**
 * Subscribing, and reading the team's plans, is for the owner and Admin members: the server's
 * billing routes answer no one else. UI convenience; the server check is the rule.
 */
export function canManageSubscriptions(roles: readonly number[]): boolean {
  return hasRole(roles, 'OWNER') || hasRole(roles, 'ADMIN');
}
