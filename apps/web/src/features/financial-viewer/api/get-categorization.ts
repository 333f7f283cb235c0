import type { TCategorizationResponse } from '@app/contracts/financial-viewer';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/** The filters of the categorisation charts, as query parameters (comma lists, ISO dates). */
export type CategorizationQuery = {
  companyNames?: string;
  entCodes?: string;
  accountIds?: string;
  valueDateFrom?: string;
  valueDateTo?: string;
};

export function toSearch(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Totals of expenses and incomes by parent and sub-category. */
export function getCategorization(options: { query: CategorizationQuery; signal?: AbortSignal }) {
  const { query, signal } = options;
  return apiClient.get<TCategorizationResponse>(
    `/financialviewer/categorization${toSearch(query)}`,
    signal ? { signal } : {},
  );
}

export function categorizationQueryOptions(query: CategorizationQuery) {
  return queryOptions({
    queryKey: financialViewerKeys.categorization(query),
    queryFn: ({ signal }) => getCategorization({ query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCategorization(query: CategorizationQuery) {
  return useQuery(categorizationQueryOptions(query));
}
