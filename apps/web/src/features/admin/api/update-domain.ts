import type { TDomain, TUpdateDomainRequest } from '@app/contracts/dataverse';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

type UpdateDomainOptions = { domelId: string; request: TUpdateDomainRequest };

/** Changes a domain's two descriptions; its code and dimension stay. */
export function updateDomain({ domelId, request }: UpdateDomainOptions): Promise<TDomain> {
  return apiClient.put<TDomain>(`/domain/${encodeURIComponent(domelId)}`, { body: request });
}

export function useUpdateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDomain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEYS.domains }),
  });
}
