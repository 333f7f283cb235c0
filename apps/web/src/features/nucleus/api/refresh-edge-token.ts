import type { TEdgeTokenResponse } from '@app/contracts/nucleus-edge';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A new edge token (owner or admin), shown once; the old one stops at once. */
export function refreshEdgeToken() {
  return apiClient.put<TEdgeTokenResponse>('/sinteza/edge/token/refresh');
}

export function useRefreshEdgeToken() {
  return useMutation({ mutationFn: refreshEdgeToken });
}
