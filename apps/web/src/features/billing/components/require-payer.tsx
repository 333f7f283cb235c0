import { hasRole } from '@app/contracts/roles';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/auth';

/**
 * Payment, billing and subscriptions are not for invited members (GUEST): they go to their
 * profile before any billing call is made (the server would answer 403, which signs out).
 */
export function RequirePayer({ children }: { children: ReactNode }) {
  const userQuery = useCurrentUser();
  const user = userQuery.data;
  if (user === undefined) {
    // A failed background refresh keeps the user it had; only a user never loaded is an error.
    if (userQuery.isError) throw userQuery.error;
    return <PageLoader />;
  }
  if (hasRole(user.roles, 'GUEST')) return <Navigate to="/account/profile" replace />;
  return children;
}
