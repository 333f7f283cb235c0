import {
  TRANSACTIONS_PAGE_SIZE,
  type AmountSign,
  type TTransactionsQuery,
  type TTransactionsResponse,
} from '@app/contracts/financial-viewer';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { CategorizationQuery } from './get-categorization';
import { toSearch } from './get-categorization';
import { financialViewerKeys } from './query-keys';

export type CategoryTransactionsOptions = {
  filters: CategorizationQuery;
  parentId: number;
  amountSign: Exclude<AmountSign, 'all'>;
  /** 0-based. */
  page: number;
};

/** One page of a parent category's transactions (the categorisation drill-down). */
export function toCategoryTransactionsQuery(options: CategoryTransactionsOptions) {
  const { filters, parentId, amountSign, page } = options;
  return {
    ...filters,
    parentIds: String(parentId),
    amountSign,
    page,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    sortBy: 'valueDate,desc',
  } satisfies TTransactionsQuery & Record<string, string | number | undefined>;
}

export function getCategoryTransactions(
  options: CategoryTransactionsOptions & { signal?: AbortSignal },
) {
  const { signal, ...rest } = options;
  return apiClient.get<TTransactionsResponse>(
    `/financialviewer/transaction${toSearch(toCategoryTransactionsQuery(rest))}`,
    signal ? { signal } : {},
  );
}

export function categoryTransactionsQueryOptions(options: CategoryTransactionsOptions) {
  return queryOptions({
    queryKey: financialViewerKeys.transactions('transaction', toCategoryTransactionsQuery(options)),
    queryFn: ({ signal }) => getCategoryTransactions({ ...options, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCategoryTransactions(options: CategoryTransactionsOptions) {
  return useQuery(categoryTransactionsQueryOptions(options));
}
