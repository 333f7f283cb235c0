import type { TChangePlanRequest, TSubscribeResponse } from '@app/contracts/billing';
import { apiClient } from '../../../lib/api-client';

/** Moves a subscription to another plan or interval: upgrades charge now, downgrades wait. */
export function changePlan(options: {
  neuron: string;
  request: TChangePlanRequest & { internalId: string };
}): Promise<TSubscribeResponse> {
  return apiClient.put<TSubscribeResponse>(
    `/microservice/subscribe/${encodeURIComponent(options.neuron)}`,
    { body: options.request },
  );
}
