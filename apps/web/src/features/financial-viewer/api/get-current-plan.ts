import type { TCurrentPlanResponse } from '@app/contracts/billing';
import { FINANCIAL_VIEWER_NEURON } from '@app/contracts/financial-viewer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/** The team's Financial Viewer plan and subscription (both null without one). */
export function getCurrentPlan({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TCurrentPlanResponse>(
    `/currentplan/${FINANCIAL_VIEWER_NEURON}`,
    signal ? { signal } : {},
  );
}

export function currentPlanQueryOptions() {
  return queryOptions({
    queryKey: financialViewerKeys.subscription(),
    queryFn: ({ signal }) => getCurrentPlan({ signal }),
  });
}

export function useCurrentPlan() {
  return useQuery(currentPlanQueryOptions());
}
