import type { TPurchase } from '@app/contracts/dataverse';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { dataverseKeys } from './query-keys';

/** While a payment settles or the delivery job copies the rows, the purchase is asked again this often. */
export const PURCHASE_POLL_MS = 3000;

/** A purchase still on its way: its payment (a job records a 3-D Secure answer) or its files. */
export function isPurchaseSettling(purchase: TPurchase): boolean {
  if (['PENDING', 'REQUIRES_ACTION', 'PROCESSING'].includes(purchase.status)) return true;
  return purchase.status === 'PAID' && purchase.delivery.status === 'PREPARING';
}

export function getPurchase(purchaseId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TPurchase>(
    `/dataverse/purchase/${encodeURIComponent(purchaseId)}`,
    signal ? { signal } : {},
  );
}

export function usePurchase(purchaseId: string) {
  return useQuery({
    queryKey: dataverseKeys.purchase(purchaseId),
    queryFn: ({ signal }) => getPurchase(purchaseId, { signal }),
    refetchInterval: (query) =>
      query.state.data !== undefined && isPurchaseSettling(query.state.data)
        ? PURCHASE_POLL_MS
        : false,
  });
}
