import type { TEdgePackage } from '@app/contracts/nucleus-edge';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** The edge packages of the current version: one per operating system. */
export function getEdgePackages({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TEdgePackage[]>('/sinteza/edge/packages', signal ? { signal } : {});
}

export function useEdgePackages() {
  return useQuery({
    queryKey: nucleusKeys.edgePackages(),
    queryFn: ({ signal }) => getEdgePackages({ signal }),
    // The server builds the packages on its first request (about a second): no refetch storm.
    staleTime: 5 * 60_000,
  });
}
