import type { TPromotionCodeResponse } from '@app/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function validatePromotionCode(options: {
  code: string;
  priceId: string;
}): Promise<TPromotionCodeResponse> {
  return apiClient.post<TPromotionCodeResponse>(
    `/user/promotion_codes/${encodeURIComponent(options.code)}`,
    { body: { priceId: options.priceId } },
  );
}

export function useValidatePromotionCode() {
  return useMutation({ mutationFn: validatePromotionCode });
}
