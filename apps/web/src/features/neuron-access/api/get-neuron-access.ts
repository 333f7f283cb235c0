import type { TNeuronAccessResponse } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { neuronAccessKeys } from './query-keys';

/**
 * Whether the team may use a neuron now, and its plan's limits. For every member (unlike
 * `currentplan`, a billing call whose 403 would sign an invited member out).
 */
export function getNeuronAccess(options: { neuron: string; signal?: AbortSignal }) {
  const { neuron, signal } = options;
  return apiClient.get<TNeuronAccessResponse>(
    `/microservice/access/${encodeURIComponent(neuron)}`,
    signal ? { signal } : {},
  );
}

export function neuronAccessQueryOptions(neuron: string) {
  return queryOptions({
    queryKey: neuronAccessKeys.access(neuron),
    queryFn: ({ signal }) => getNeuronAccess({ neuron, signal }),
  });
}

export function useNeuronAccess(neuron: string) {
  return useQuery(neuronAccessQueryOptions(neuron));
}
