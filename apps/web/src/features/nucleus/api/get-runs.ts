import type { TRunsQuery, TRunsResponse } from '@app/contracts/nucleus';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { isActiveStatus } from '../utils/run-status';
import { nucleusKeys } from './query-keys';

export type RunsQuery = TRunsQuery;

const FILTERS = ['status', 'algorithm', 'kind', 'createdFrom', 'createdTo'] as const;

/** A page of the team's runs, newest first, filtered by what the query names. */
export function getRuns(query: RunsQuery, { signal }: { signal?: AbortSignal } = {}) {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  for (const name of FILTERS) {
    const value = query[name];
    if (value !== undefined) params.set(name, value);
  }
  return apiClient.get<TRunsResponse>(
    `/sinteza/runs?${params.toString()}`,
    signal ? { signal } : {},
  );
}

/** Polls while a run of the page is queued or running. */
export function useRuns(query: RunsQuery, options: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: nucleusKeys.runList(query),
    queryFn: ({ signal }) => getRuns(query, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((run) => isActiveStatus(run.status))
        ? (options.pollMs ?? 2000)
        : false,
  });
}
