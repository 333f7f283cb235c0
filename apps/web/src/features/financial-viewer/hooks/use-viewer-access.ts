import type { TPlan } from '@app/contracts/catalogue';
import { useAccess } from '../api/get-access';
import { useCurrentUser } from '../../../lib/auth';

export type ViewerAccess = {
  /** The user and the plan are still loading. */
  isPending: boolean;
  /** The plan could not be read (not a missing subscription: that is `isSubscribed` false). */
  error: unknown;
  retry: () => void;
  isBlocked: boolean;
  /** An ACTIVE subscription to the Financial Viewer. */
  isSubscribed: boolean;
  plan: TPlan | null;
  /** The plan's bank connections ('banks' on the plan cards); null is unlimited. */
  bankLimit: number | null;
};

/** Who may use the Financial Viewer: blocked users and unsubscribed teams may not. */
export function useViewerAccess(): ViewerAccess {
  const user = useCurrentUser();
  const access = useAccess();
  const currentPlan = access.data?.plan ?? null;
  return {
    isPending: user.isPending || access.isPending,
    error: access.error ?? user.error,
    retry: () => {
      void access.refetch();
      void user.refetch();
    },
    isBlocked: user.data?.blocked === true,
    isSubscribed: access.data?.isSubscribed === true,
    plan: currentPlan,
    bankLimit: currentPlan?.planOutputsLimitMonthly ?? null,
  };
}
