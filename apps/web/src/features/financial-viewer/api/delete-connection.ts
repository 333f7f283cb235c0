import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/** Deletes a connection with its accounts and transactions. */
export function deleteConnection(conId: string) {
  return apiClient.delete(`/financialviewer/connection/${encodeURIComponent(conId)}`);
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    // Accounts, transactions and everything drawn from them go with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financialViewerKeys.all }),
  });
}
