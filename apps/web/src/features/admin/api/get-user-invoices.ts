import type { TInvoice } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

/** A customer's invoices and credit notes (their team's), newest first. */
export function getUserInvoices(userId: string, signal?: AbortSignal) {
  return apiClient.get<TInvoice[]>(`/admin/user/${encodeURIComponent(userId)}/invoices`, {
    ...(signal ? { signal } : {}),
  });
}

export function userInvoicesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ADMIN_QUERY_KEYS.userInvoices(userId),
    queryFn: ({ signal }) => getUserInvoices(userId, signal),
  });
}

export function useUserInvoices(userId: string) {
  return useQuery(userInvoicesQueryOptions(userId));
}
