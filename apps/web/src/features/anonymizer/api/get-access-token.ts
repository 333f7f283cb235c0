import type { TAccessTokenResponse } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { hasToken } from '../../../lib/auth-storage';

/** The neuron whose access token the anonymizer uses. */
export const ANONYMIZER_NEURON = 'LegalMind';

export const anonymizerKeys = {
  all: ['anonymizer'] as const,
  accessToken: () => [...anonymizerKeys.all, 'access-token'] as const,
};

/**
 * The signed-in user's LegalMind token, to prefill the page. Only a convenience: a failure
 * (no subscription, an expired session) leaves the field empty and must not sign anyone out.
 */
export function getAccessToken({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TAccessTokenResponse>(`/microservice/token/${ANONYMIZER_NEURON}`, {
    signOutOnUnauthorized: false,
    ...(signal ? { signal } : {}),
  });
}

export function accessTokenQueryOptions() {
  return queryOptions({
    queryKey: anonymizerKeys.accessToken(),
    queryFn: ({ signal }) => getAccessToken({ signal }),
    enabled: hasToken(),
    retry: false,
  });
}

export function useAccessToken() {
  return useQuery(accessTokenQueryOptions());
}
