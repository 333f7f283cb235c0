import type { TBillingInfo, TBillingInfoWithTaxResponse } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { billingKeys } from './query-keys';

/** Saves the details; the answer says how invoices made from them are taxed. */
export function updateBillingInfo(request: TBillingInfo): Promise<TBillingInfoWithTaxResponse> {
  return apiClient.put<TBillingInfoWithTaxResponse>('/user/billing', { body: request });
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
