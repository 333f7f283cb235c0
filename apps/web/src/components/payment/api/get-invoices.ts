import type { TInvoice } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from './query-keys';

export function getInvoices({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TInvoice[]>('/user/invoices', signal ? { signal } : {});
}

export function invoicesQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.invoices(),
    queryFn: ({ signal }) => getInvoices({ signal }),
  });
}

export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}
