import type { TNeuron } from '@app/contracts/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { cortexKeys } from './query-keys';

/** The neurons on sale, their names and descriptions in the UI language. */
export function getNeurons({ signal }: { signal?: AbortSignal } = {}): Promise<TNeuron[]> {
  return apiClient.get<TNeuron[]>('/listneurons', signal ? { signal } : {});
}

export function neuronsQueryOptions() {
  return queryOptions({
    queryKey: cortexKeys.neurons(),
    queryFn: ({ signal }) => getNeurons({ signal }),
  });
}

export function useNeurons() {
  return useQuery(neuronsQueryOptions());
}
