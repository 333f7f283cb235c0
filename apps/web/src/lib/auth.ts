import type { TSessionResponse } from '@app/contracts/auth';
import { hasRole } from '@app/contracts/roles';
import type { TCurrentUser } from '@app/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { hasToken, setToken } from './auth-storage';
import { queryClient } from './query-client';

/** Query key of the signed-in user; every screen that shows or changes the user uses it. */
export const USER_QUERY_KEY = ['user'] as const;

export function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<TCurrentUser> {
  return apiClient.get<TCurrentUser>('/user', signal ? { signal } : {});
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    enabled: hasToken(),
  });
}

/**
 * The user for a route loader: the cached one as it is (a sign-in stores it), otherwise fetched
 * once, without retries; `undefined` on failure, which the shell fetches again and shows.
 */
export function loadCurrentUser(): Promise<TCurrentUser | undefined> {
  return queryClient
    .query({ ...currentUserQueryOptions(), staleTime: 'static', retry: false })
    .catch(() => undefined);
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** Stores the session token and primes the user query, as after login or confirmation. */
export function startSession(session: TSessionResponse): void {
  setToken(session.token);
  queryClient.setQueryData(USER_QUERY_KEY, session.user);
}

export function isPlatformAdmin(user: Pick<TCurrentUser, 'roles'>): boolean {
  return hasRole(user.roles, 'PLATFORM_ADMIN');
}
