import type { TNeuronAccessResponse } from '@app/contracts/billing';
import { FINANCIAL_VIEWER_NEURON } from '@app/contracts/financial-viewer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/**
 * Whether the team may use the Financial Viewer and its plan's limits. Every member may read
 * it (the billing call `currentplan` is for owners and admins; its 403 would sign a guest out).
 */
export function getAccess({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TNeuronAccessResponse>(
    `/microservice/access/${FINANCIAL_VIEWER_NEURON}`,
    signal ? { signal } : {},
  );
}

export function accessQueryOptions() {
  return queryOptions({
    queryKey: financialViewerKeys.access(),
    queryFn: ({ signal }) => getAccess({ signal }),
  });
}

export function useAccess() {
  return useQuery(accessQueryOptions());
}
