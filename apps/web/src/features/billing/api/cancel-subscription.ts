import type { TSubscription } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from '../../../components/payment/api/query-keys';

export function cancelSubscription(id: string): Promise<TSubscription> {
  return apiClient.post<TSubscription>(`/user/subscription/cancel/${encodeURIComponent(id)}`);
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
