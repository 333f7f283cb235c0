import type { TCashflowQuery, TCashflowResponse } from '@app/contracts/financial-viewer';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { toSearch } from './get-categorization';
import { financialViewerKeys } from './query-keys';

/** The query of the cashflow call: the chosen accounts (comma list) and the date range. */
export type CashflowQuery = { accountIds?: string; dateFrom?: string; dateTo?: string };

function toCashflowQuery(query: CashflowQuery) {
  return { ...query, groupAll: 'true' } satisfies TCashflowQuery;
}

/** Daily and weekly income, expense and balance summed over the accounts, in euro cents. */
export function getCashflow(options: { query: CashflowQuery; signal?: AbortSignal }) {
  const { query, signal } = options;
  return apiClient.get<TCashflowResponse>(
    `/financialviewer/cashflow${toSearch(toCashflowQuery(query))}`,
    signal ? { signal } : {},
  );
}

export function cashflowQueryOptions(query: CashflowQuery) {
  return queryOptions({
    queryKey: financialViewerKeys.cashflow(toCashflowQuery(query)),
    queryFn: ({ signal }) => getCashflow({ query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCashflow(query: CashflowQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cashflowQueryOptions(query), enabled });
}
