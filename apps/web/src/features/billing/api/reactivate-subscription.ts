import type { TSubscription } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from '../../../components/payment/api/query-keys';

export function reactivateSubscription(id: string): Promise<TSubscription> {
  return apiClient.post<TSubscription>(`/user/subscription/reactivate/${encodeURIComponent(id)}`);
}

export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
