import type { TSellerMetrics } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { axonKeys } from './query-keys';

/** The team's figures as a seller: views, purchases and revenue. */
export function getSellerMetrics() {
  return apiClient.get<TSellerMetrics>('/axon/metrics');
}

export function useSellerMetrics() {
  return useQuery({ queryKey: axonKeys.metrics(), queryFn: getSellerMetrics });
}
