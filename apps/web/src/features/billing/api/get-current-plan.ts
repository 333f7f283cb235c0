import type { TCurrentPlanResponse } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { isSettling, SETTLING_REFRESH_MS } from '../utils/subscription-rules';
import { billingKeys } from '../../../components/payment/api/query-keys';

export function getCurrentPlan(options: { neuron: string; signal?: AbortSignal }) {
  const { neuron, signal } = options;
  return apiClient.get<TCurrentPlanResponse>(
    `/currentplan/${encodeURIComponent(neuron)}`,
    signal ? { signal } : {},
  );
}

export function currentPlanQueryOptions(neuron: string) {
  return queryOptions({
    queryKey: billingKeys.currentPlan(neuron),
    queryFn: ({ signal }) => getCurrentPlan({ neuron, signal }),
    refetchInterval: (query) =>
      isSettling(query.state.data?.currentSubscription ?? null) ? SETTLING_REFRESH_MS : false,
  });
}

export function useCurrentPlan(neuron: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...currentPlanQueryOptions(neuron), enabled });
}
