import type { TNeuron } from '@app/contracts/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { neuronAccessKeys } from './query-keys';

/** What a neuron is: name, description and its API's address. */
export function getNeuronInfo(options: { neuron: string; signal?: AbortSignal }) {
  const { neuron, signal } = options;
  return apiClient.get<TNeuron>(`/info/${encodeURIComponent(neuron)}`, signal ? { signal } : {});
}

export function neuronInfoQueryOptions(neuron: string) {
  return queryOptions({
    queryKey: neuronAccessKeys.info(neuron),
    queryFn: ({ signal }) => getNeuronInfo({ neuron, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useNeuronInfo(neuron: string) {
  return useQuery(neuronInfoQueryOptions(neuron));
}
