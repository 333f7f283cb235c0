import type { TPurchaseRequest, TPurchaseResponse } from '@app/contracts/dataverse';
import { apiClient } from '../../../lib/api-client';

/**
 * Places (or, the same order again, answers) a purchase of rows of a version and charges it
 * with the payment method: the server keeps one order per version, so a repeat charges once.
 */
export function createPurchase(request: TPurchaseRequest): Promise<TPurchaseResponse> {
  return apiClient.post<TPurchaseResponse>('/dataverse/purchase/', { body: request });
}
