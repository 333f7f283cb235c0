import type { TBillingInfoWithTaxResponse } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from './query-keys';

export function getBillingInfo({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TBillingInfoWithTaxResponse>('/user/billing', signal ? { signal } : {});
}

export function billingInfoQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.billingInfo(),
    queryFn: ({ signal }) => getBillingInfo({ signal }),
  });
}

export function useBillingInfo() {
  return useQuery(billingInfoQueryOptions());
}
