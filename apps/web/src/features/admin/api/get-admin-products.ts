import type { TAdminProduct } from '@app/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

type GetAdminProductsOptions = { userId?: string | undefined; signal?: AbortSignal };

/** The paid plans with their public prices and, for a user, their team's custom ones. */
export function getAdminProducts({ userId, signal }: GetAdminProductsOptions) {
  const query = userId === undefined ? '' : `?${new URLSearchParams({ userId }).toString()}`;
  return apiClient.get<TAdminProduct[]>(`/admin/products${query}`, {
    ...(signal ? { signal } : {}),
  });
}

export function adminProductsQueryOptions(userId?: string) {
  return queryOptions({
    queryKey: ADMIN_QUERY_KEYS.products(userId),
    queryFn: ({ signal }) => getAdminProducts({ userId, signal }),
  });
}

export function useAdminProducts(userId?: string) {
  return useQuery(adminProductsQueryOptions(userId));
}
