import type { TSubscription } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const homeKeys = {
  subscriptions: () => ['home', 'subscriptions'] as const,
};

/** The team's subscriptions: a billing call, answered to owners and admins only. */
export function getSubscriptions({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TSubscription[]>('/user/subscriptions', signal ? { signal } : {});
}

export function subscriptionsQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.subscriptions(),
    queryFn: ({ signal }) => getSubscriptions({ signal }),
    // Read again on every visit: the notice goes as soon as the first subscription is paid.
    staleTime: 0,
  });
}

export function useSubscriptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...subscriptionsQueryOptions(), enabled });
}
