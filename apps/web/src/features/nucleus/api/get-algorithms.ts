import type { TAlgorithm } from '@app/contracts/nucleus';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** The synthesis algorithms and their parameters. */
export function getAlgorithms({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TAlgorithm[]>('/sinteza/algorithms', signal ? { signal } : {});
}

export function useAlgorithms() {
  return useQuery({
    queryKey: nucleusKeys.algorithms(),
    queryFn: ({ signal }) => getAlgorithms({ signal }),
    staleTime: Infinity,
  });
}
