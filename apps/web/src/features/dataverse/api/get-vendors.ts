import type { TVendorsResponse } from '@app/contracts/dataverse';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { dataverseKeys } from './query-keys';

/** The providers of the datasets the team can see, sorted. */
export function getVendors({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TVendorsResponse>('/dataverse/vendors', signal ? { signal } : {});
}

export function useVendors() {
  return useQuery({
    queryKey: dataverseKeys.vendors(),
    queryFn: ({ signal }) => getVendors({ signal }),
    staleTime: 60 * 1000,
  });
}
