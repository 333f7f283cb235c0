import type { TNeuron } from '@app/contracts/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from '../../../components/payment/api/query-keys';

export function getNeuron(options: { neuron: string; signal?: AbortSignal }): Promise<TNeuron> {
  const { neuron, signal } = options;
  return apiClient.get<TNeuron>(`/info/${encodeURIComponent(neuron)}`, signal ? { signal } : {});
}

export function neuronQueryOptions(neuron: string) {
  return queryOptions({
    queryKey: billingKeys.neuron(neuron),
    queryFn: ({ signal }) => getNeuron({ neuron, signal }),
  });
}

export function useNeuron(neuron: string) {
  return useQuery(neuronQueryOptions(neuron));
}
