import type { TAdminPromotionCode, TAdminPromotionCodeRequest } from '@app/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

export function createPromotionCode(
  request: TAdminPromotionCodeRequest,
): Promise<TAdminPromotionCode> {
  return apiClient.post<TAdminPromotionCode>('/admin/promotion_codes', { body: request });
}

export function useCreatePromotionCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromotionCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEYS.promotionCodes }),
  });
}
