import type { TAccessTokenResponse } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from '../../../components/payment/api/query-keys';

/** Rotates the token: the old one stops working at once. */
export function refreshAccessToken(options: {
  neuron: string;
  subscriptionId: string;
}): Promise<TAccessTokenResponse> {
  const neuron = encodeURIComponent(options.neuron);
  const subscriptionId = encodeURIComponent(options.subscriptionId);
  return apiClient.post<TAccessTokenResponse>(
    `/microservice/token/refresh/${neuron}/${subscriptionId}`,
  );
}

export function useRefreshAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshAccessToken,
    onSuccess: (token, { neuron }) => {
      queryClient.setQueryData(billingKeys.accessToken(neuron), token);
    },
  });
}
