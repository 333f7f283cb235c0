import type { TAccessTokenResponse } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from '../../../components/payment/api/query-keys';

export function getAccessToken(options: { neuron: string; signal?: AbortSignal }) {
  const { neuron, signal } = options;
  return apiClient.get<TAccessTokenResponse>(
    `/microservice/token/${encodeURIComponent(neuron)}`,
    signal ? { signal } : {},
  );
}

export function accessTokenQueryOptions(neuron: string) {
  return queryOptions({
    queryKey: billingKeys.accessToken(neuron),
    queryFn: ({ signal }) => getAccessToken({ neuron, signal }),
    retry: false,
  });
}

export function useAccessToken(neuron: string) {
  return useQuery(accessTokenQueryOptions(neuron));
}
