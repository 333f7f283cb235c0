import type { TRelationsRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { dataverseKeys } from '../../api/query-keys';

/** Columns of a family's datasets that refer to another dataset's column (its key). */
export function setRelations(request: TRelationsRequest) {
  return apiClient.post('/loader/relations', { body: request });
}

export function useSetRelations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRelations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataverseKeys.datasets() }),
  });
}
