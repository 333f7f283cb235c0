import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from '../../../components/payment/api/query-keys';

/** The sandbox gateway's payment intent, as its 3-D Secure challenge page shows it. */
export type TSandboxPaymentIntent = {
  id: string;
  amountCents: number;
  currency: string;
  status: string;
  lastError: string | null;
};

export function getPaymentIntent(options: { id: string; signal?: AbortSignal }) {
  const { id, signal } = options;
  return apiClient.get<TSandboxPaymentIntent>(
    `/sandbox/payment_intents/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
}

export function usePaymentIntent(id: string) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.paymentIntent(id),
      queryFn: ({ signal }) => getPaymentIntent({ id, signal }),
    }),
  );
}
