import type { TAdminUsersQuery, TAdminUsersResponse } from '@app/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

type GetAdminUsersOptions = TAdminUsersQuery & { signal?: AbortSignal };

export function getAdminUsers({ page, size, signal }: GetAdminUsersOptions) {
  const query = new URLSearchParams({ page: String(page), size: String(size) });
  return apiClient.get<TAdminUsersResponse>(`/admin/users?${query.toString()}`, {
    ...(signal ? { signal } : {}),
  });
}

export function adminUsersQueryOptions({ page, size }: TAdminUsersQuery) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEYS.users, { page, size }],
    queryFn: ({ signal }) => getAdminUsers({ page, size, signal }),
    // The old page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(query: TAdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
