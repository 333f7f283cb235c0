import type { TPurchaseResponse } from '@app/contracts/dataverse';
import { apiClient } from '../../../lib/api-client';

/**
 * Pays an unpaid order again, with the same or another method: the same invoice, so it is
 * charged once at most; an order awaiting 3-D Secure with that method answers its challenge.
 */
export function payPurchase(purchaseId: string, paymentId: string): Promise<TPurchaseResponse> {
  return apiClient.post<TPurchaseResponse>(
    `/dataverse/purchase/${encodeURIComponent(purchaseId)}/pay`,
    { body: { paymentId } },
  );
}
