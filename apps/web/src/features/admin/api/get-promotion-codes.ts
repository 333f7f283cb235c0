import type { TAdminPromotionCode } from '@app/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

export function getPromotionCodes(signal?: AbortSignal) {
  return apiClient.get<TAdminPromotionCode[]>('/admin/promotion_codes', {
    ...(signal ? { signal } : {}),
  });
}

export function promotionCodesQueryOptions() {
  return queryOptions({
    queryKey: ADMIN_QUERY_KEYS.promotionCodes,
    queryFn: ({ signal }) => getPromotionCodes(signal),
  });
}

export function usePromotionCodes() {
  return useQuery(promotionCodesQueryOptions());
}
