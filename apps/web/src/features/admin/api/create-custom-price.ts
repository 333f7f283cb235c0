import type { TAdminCustomPriceRequest, TAdminPrice } from '@app/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

/** A price of a plan for one customer's team alone (the spec's path names the provider). */
export function createCustomPrice(request: TAdminCustomPriceRequest): Promise<TAdminPrice> {
  return apiClient.post<TAdminPrice>('/admin/stripe/custom/price', { body: request });
}

export function useCreateCustomPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomPrice,
    onSuccess: (_, request) =>
      queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEYS.products(request.userId) }),
  });
}
