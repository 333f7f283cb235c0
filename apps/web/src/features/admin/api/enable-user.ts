import type { TAdminUser } from '@app/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

export function enableUser(id: string): Promise<TAdminUser> {
  return apiClient.post<TAdminUser>(`/admin/user/enable/${encodeURIComponent(id)}`);
}

export function useEnableUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEYS.users }),
  });
}
