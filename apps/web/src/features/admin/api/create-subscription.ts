import type { TAdminSubscriptionRequest } from '@app/contracts/admin';
import type { TSubscription } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

/** A PENDING subscription the customer then pays with "Go to Pay". */
export function createSubscription(request: TAdminSubscriptionRequest): Promise<TSubscription> {
  return apiClient.post<TSubscription>('/admin/subscription', { body: request });
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: (_, request) =>
      queryClient.invalidateQueries({
        queryKey: ADMIN_QUERY_KEYS.userSubscriptions(request.userId),
      }),
  });
}
