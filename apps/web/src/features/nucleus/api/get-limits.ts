import type { TLimitsResponse } from '@app/contracts/nucleus';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nucleusKeys } from './query-keys';

/** The team's plan limits: columns and rows per run, runs a month, jobs at once. */
export function getLimits({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TLimitsResponse>('/sinteza/limits', signal ? { signal } : {});
}

export function useLimits(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: nucleusKeys.limits(),
    queryFn: ({ signal }) => getLimits({ signal }),
    enabled: options.enabled ?? true,
  });
}
