import type { TSubscription } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from '../../../components/payment/api/query-keys';

export function activateFreePlan(neuron: string): Promise<TSubscription> {
  return apiClient.post<TSubscription>(`/microservice/free/${encodeURIComponent(neuron)}`);
}

export function useActivateFreePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateFreePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
