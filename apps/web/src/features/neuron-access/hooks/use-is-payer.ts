import { hasRole } from '@app/contracts/roles';
import { useCurrentUser } from '../../../lib/auth';

/**
 * Whether the user manages the team's billing (not an invited GUEST): only they may read the
 * plan or buy one (the server answers a guest's billing call with 403, which signs out).
 */
export function useIsPayer(): boolean {
  const user = useCurrentUser().data;
  return user !== undefined && !hasRole(user.roles, 'GUEST');
}
