import type { TNeuronAccessResponse } from '@app/contracts/billing';
import { NUCLEUS_NEURON } from '@app/contracts/nucleus';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** Whether the team may use Nucleus (any plan, the free one too). Every member may read it. */
export function getAccess({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TNeuronAccessResponse>(
    `/microservice/access/${NUCLEUS_NEURON}`,
    signal ? { signal } : {},
  );
}

export function accessQueryOptions() {
  return queryOptions({
    queryKey: nucleusKeys.access(),
    queryFn: ({ signal }) => getAccess({ signal }),
  });
}

export function useAccess() {
  return useQuery(accessQueryOptions());
}
