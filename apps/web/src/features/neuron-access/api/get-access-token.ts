import type { TAccessTokenResponse } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { neuronAccessKeys } from './query-keys';

/**
 * The team's token of a neuron and its API's address; 404 NOT_FOUND when the team has no
 * active subscription. Read afresh on every page, as the token page may have rotated it.
 */
export function getAccessToken(options: { neuron: string; signal?: AbortSignal }) {
  const { neuron, signal } = options;
  return apiClient.get<TAccessTokenResponse>(
    `/microservice/token/${encodeURIComponent(neuron)}`,
    signal ? { signal } : {},
  );
}

export function accessTokenQueryOptions(neuron: string) {
  return queryOptions({
    queryKey: neuronAccessKeys.accessToken(neuron),
    queryFn: ({ signal }) => getAccessToken({ neuron, signal }),
    staleTime: 0,
    retry: false,
  });
}

export function useAccessToken(neuron: string) {
  return useQuery(accessTokenQueryOptions(neuron));
}
