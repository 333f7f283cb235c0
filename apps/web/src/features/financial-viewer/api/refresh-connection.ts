import type { TConnection } from '@app/contracts/financial-viewer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/** Asks the bank for new movements: the connection goes UPDATING, then OK. */
export function refreshConnection(conId: string) {
  return apiClient.put<TConnection>(
    `/financialviewer/connection/${encodeURIComponent(conId)}/refresh`,
  );
}

export function useRefreshConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshConnection,
    onSuccess: (updated) => {
      queryClient.setQueryData<TConnection[]>(financialViewerKeys.connections(), (list) =>
        list?.map((connection) => (connection.conId === updated.conId ? updated : connection)),
      );
      return queryClient.invalidateQueries({ queryKey: financialViewerKeys.connections() });
    },
  });
}
