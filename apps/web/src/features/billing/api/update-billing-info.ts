import type { TBillingInfo } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { billingKeys } from './query-keys';

export function updateBillingInfo(request: TBillingInfo): Promise<TBillingInfo> {
  return apiClient.put<TBillingInfo>('/user/billing', { body: request });
}

export function useUpdateBillingInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillingInfo,
    onSuccess: async (info) => {
      queryClient.setQueryData(billingKeys.billingInfo(), info);
      // The profile shows the same details.
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
