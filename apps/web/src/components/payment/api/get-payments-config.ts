import type { TPaymentsConfigResponse } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from './query-keys';

export function getPaymentsConfig({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TPaymentsConfigResponse>('/payments/config', signal ? { signal } : {});
}

export function paymentsConfigQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.paymentsConfig(),
    queryFn: ({ signal }) => getPaymentsConfig({ signal }),
    staleTime: Infinity,
  });
}

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
