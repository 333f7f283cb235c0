import type { TSubscription } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { isSettling, SETTLING_REFRESH_MS } from '../utils/subscription-rules';
import { billingKeys } from '../../../components/payment/api/query-keys';

export function getSubscriptions({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TSubscription[]>('/user/subscriptions', signal ? { signal } : {});
}

export function subscriptionsQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.subscriptions(),
    queryFn: ({ signal }) => getSubscriptions({ signal }),
    refetchInterval: (query) =>
      (query.state.data ?? []).some(isSettling) ? SETTLING_REFRESH_MS : false,
  });
}

export function useSubscriptions() {
  return useQuery(subscriptionsQueryOptions());
}
