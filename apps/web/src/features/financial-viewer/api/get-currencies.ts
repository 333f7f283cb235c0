import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/** Currency codes of the rates service, EUR and USD first. */
export function getCurrencies({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<string[]>('/financialviewer/currencies', signal ? { signal } : {});
}

export function currenciesQueryOptions() {
  return queryOptions({
    queryKey: financialViewerKeys.currencies(),
    queryFn: ({ signal }) => getCurrencies({ signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}
