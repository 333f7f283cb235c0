import type { TCreateDomainRequest, TDomain } from '@app/contracts/dataverse';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

export function createDomain(request: TCreateDomainRequest): Promise<TDomain> {
  return apiClient.post<TDomain>('/dataverse/domain/', { body: request });
}

export function useCreateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDomain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEYS.domains }),
  });
}
