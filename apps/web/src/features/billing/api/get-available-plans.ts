import type { TPlan } from '@app/contracts/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from '../../../components/payment/api/query-keys';

export function getAvailablePlans(options: { neuron: string; signal?: AbortSignal }) {
  const { neuron, signal } = options;
  return apiClient.get<TPlan[]>(
    `/availableplans/${encodeURIComponent(neuron)}`,
    signal ? { signal } : {},
  );
}

export function availablePlansQueryOptions(neuron: string) {
  return queryOptions({
    queryKey: billingKeys.availablePlans(neuron),
    queryFn: ({ signal }) => getAvailablePlans({ neuron, signal }),
  });
}

export function useAvailablePlans(neuron: string) {
  return useQuery(availablePlansQueryOptions(neuron));
}
