import type { TPaymentMethod } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from './query-keys';

export function getPaymentMethods({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TPaymentMethod[]>('/payments/payment_methods', signal ? { signal } : {});
}

export function paymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.paymentMethods(),
    queryFn: ({ signal }) => getPaymentMethods({ signal }),
  });
}

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
