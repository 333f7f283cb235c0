import type { TTransactionsQuery, TTransactionsResponse } from '@app/contracts/financial-viewer';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { toQueryString } from '../utils/search';
import { financialViewerKeys } from './query-keys';

type QueryValues = Record<string, string | number | undefined>;

/** One page of the team's transactions, filtered and sorted by the server. */
export function getTransactions(options: { query: TTransactionsQuery; signal?: AbortSignal }) {
  const { query, signal } = options;
  return apiClient.get<TTransactionsResponse>(
    `/financialviewer/transaction${toQueryString(query as QueryValues)}`,
    signal ? { signal } : {},
  );
}

export function transactionsQueryOptions(query: TTransactionsQuery) {
  return queryOptions({
    queryKey: financialViewerKeys.transactions('transaction', query),
    queryFn: ({ signal }) => getTransactions({ query, signal }),
    // The grid keeps the old page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useTransactions(query: TTransactionsQuery) {
  return useQuery(transactionsQueryOptions(query));
}
