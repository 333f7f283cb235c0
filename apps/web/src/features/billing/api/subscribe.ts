import type { TSubscribeRequest, TSubscribeResponse } from '@app/contracts/billing';
import { apiClient } from '../../../lib/api-client';

/** A new subscription to a neuron's plan (the checkout). */
export function subscribe(options: {
  neuron: string;
  request: TSubscribeRequest;
}): Promise<TSubscribeResponse> {
  return apiClient.post<TSubscribeResponse>(
    `/microservice/subscribe/${encodeURIComponent(options.neuron)}`,
    { body: options.request },
  );
}
