import type { TPlan } from '@app/contracts/catalogue';
import { useCurrentPlan } from '../api/get-current-plan';
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
  const plan = useCurrentPlan();
  const subscription = plan.data?.currentSubscription ?? null;
  const currentPlan = plan.data?.currentPlan ?? null;
  return {
    isPending: user.isPending || plan.isPending,
    error: plan.error ?? user.error,
    retry: () => {
      void plan.refetch();
      void user.refetch();
    },
    isBlocked: user.data?.blocked === true,
    isSubscribed: subscription?.status === 'ACTIVE',
    plan: currentPlan,
    bankLimit: currentPlan?.planOutputsLimitMonthly ?? null,
  };
}
