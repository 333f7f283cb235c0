import type { TCurrentPlanResponse } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { cortexKeys } from './query-keys';

/**
 * The team's plan and subscription of one neuron (both null without one). A billing call: the
 * server answers it to owners and admins only, and its 403 would sign anyone else out.
 */
export function getCurrentPlan(options: { neuron: string; signal?: AbortSignal }) {
  const { neuron, signal } = options;
  return apiClient.get<TCurrentPlanResponse>(
    `/currentplan/${encodeURIComponent(neuron)}`,
    signal ? { signal } : {},
  );
}

export function currentPlanQueryOptions(neuron: string) {
  return queryOptions({
    queryKey: cortexKeys.currentPlan(neuron),
    queryFn: ({ signal }) => getCurrentPlan({ neuron, signal }),
    // Read again on every visit: a subscription bought a moment ago shows at once.
    staleTime: 0,
  });
}

export function useCurrentPlan(neuron: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...currentPlanQueryOptions(neuron), enabled });
}
