import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { neuronAccessKeys } from './query-keys';

/** The OpenAPI document of a neuron's API (404 NOT_FOUND for a neuron without one). */
export function getApiDocument(options: { neuron: string; signal?: AbortSignal }) {
  const { neuron, signal } = options;
  return apiClient.get<Record<string, unknown>>(
    `/microservice/swagger/${encodeURIComponent(neuron)}`,
    signal ? { signal } : {},
  );
}

export function apiDocumentQueryOptions(neuron: string) {
  return queryOptions({
    queryKey: neuronAccessKeys.apiDocument(neuron),
    queryFn: ({ signal }) => getApiDocument({ neuron, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useApiDocument(neuron: string) {
  return useQuery(apiDocumentQueryOptions(neuron));
}
