import type { TSale } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { axonKeys } from './query-keys';

/** The team's paid sales, newest first (the buyer is not named). */
export function getSales() {
  return apiClient.get<TSale[]>('/dataverse/sales');
}

export function useSales() {
  return useQuery({ queryKey: axonKeys.sales(), queryFn: getSales });
}
