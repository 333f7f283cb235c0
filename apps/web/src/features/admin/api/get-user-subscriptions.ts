import type { TSubscription } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

/** A customer's subscriptions (their team's), as the administrator sees them. */
export function getUserSubscriptions(userId: string, signal?: AbortSignal) {
  return apiClient.get<TSubscription[]>(`/admin/user/${encodeURIComponent(userId)}/subscriptions`, {
    ...(signal ? { signal } : {}),
  });
}

export function userSubscriptionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ADMIN_QUERY_KEYS.userSubscriptions(userId),
    queryFn: ({ signal }) => getUserSubscriptions(userId, signal),
  });
}

export function useUserSubscriptions(userId: string) {
  return useQuery(userSubscriptionsQueryOptions(userId));
}
