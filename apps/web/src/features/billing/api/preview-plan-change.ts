import type { TPlanChangePreview, TPlanChangePreviewRequest } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingKeys } from '../../../components/payment/api/query-keys';

/** What a plan change would charge now, tax included, and from when its price applies. */
export function previewPlanChange(options: {
  neuron: string;
  request: TPlanChangePreviewRequest;
  signal?: AbortSignal;
}): Promise<TPlanChangePreview> {
  const { neuron, request, signal } = options;
  return apiClient.post<TPlanChangePreview>(
    `/microservice/subscribe/${encodeURIComponent(neuron)}/preview`,
    { body: request, ...(signal ? { signal } : {}) },
  );
}

export function usePlanChangePreview(neuron: string, request: TPlanChangePreviewRequest | null) {
  return useQuery(
    queryOptions({
      queryKey: billingKeys.planChangePreview(neuron, request?.priceId ?? ''),
      queryFn: ({ signal }) => {
        if (request === null) throw new Error('no plan to preview');
        return previewPlanChange({ neuron, request, signal });
      },
      enabled: request !== null,
    }),
  );
}
