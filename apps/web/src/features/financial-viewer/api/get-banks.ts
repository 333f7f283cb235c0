import type { TBank } from '@app/contracts/financial-viewer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/** The banks one can connect or import from, with their logos; all countries by default. */
export function getBanks(options: { country?: string; signal?: AbortSignal } = {}) {
  const { country, signal } = options;
  const query = country ? `?country=${encodeURIComponent(country)}` : '';
  return apiClient.get<TBank[]>(`/financialviewer/banks${query}`, signal ? { signal } : {});
}

export function banksQueryOptions(country?: string) {
  return queryOptions({
    queryKey: financialViewerKeys.banks(country),
    queryFn: ({ signal }) => getBanks({ ...(country ? { country } : {}), signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useBanks(country?: string) {
  return useQuery(banksQueryOptions(country));
}
