import type { TCategoryParent } from '@app/contracts/financial-viewer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { getLanguage } from '../../../lib/i18n';
import { financialViewerKeys } from './query-keys';

/** The 13 parent categories with their sub-categories, named in the UI language. */
export function getCategories({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TCategoryParent[]>('/financialviewer/categories', signal ? { signal } : {});
}

export function categoriesQueryOptions(language: string) {
  return queryOptions({
    queryKey: financialViewerKeys.categories(language),
    queryFn: ({ signal }) => getCategories({ signal }),
    staleTime: Infinity,
  });
}

export function useCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriesQueryOptions(getLanguage()), enabled });
}
