import type { TPaymentMethod } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from '../../../components/payment/api/query-keys';

export function setDefaultPaymentMethod(paymentId: string): Promise<TPaymentMethod[]> {
  return apiClient.post<TPaymentMethod[]>('/payments/default_payment', { body: { paymentId } });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: (methods) => {
      queryClient.setQueryData(billingKeys.paymentMethods(), methods);
    },
  });
}
