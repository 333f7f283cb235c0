import { CONNECTION_POLL_MILLISECONDS, type TConnection } from '@app/contracts/financial-viewer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

export function getConnections({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TConnection[]>('/financialviewer/connection', signal ? { signal } : {});
}

export function isUpdating(connections: readonly TConnection[] | undefined): boolean {
  return connections?.some((connection) => connection.conStatus === 'UPDATING') ?? false;
}

/** Spec §4: while any connection is UPDATING, the list is read again every 3 seconds. */
export function connectionsQueryOptions() {
  return queryOptions({
    queryKey: financialViewerKeys.connections(),
    queryFn: ({ signal }) => getConnections({ signal }),
    refetchInterval: (query) =>
      isUpdating(query.state.data) ? CONNECTION_POLL_MILLISECONDS : false,
  });
}

export function useConnections({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...connectionsQueryOptions(), enabled });
}
