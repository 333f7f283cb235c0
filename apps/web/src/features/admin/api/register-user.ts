import type { TAdminRegisterUserRequest, TAdminUser } from '@app/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

/** The administrator creates a customer with their own team; the server mails them a link. */
export function registerUser(request: TAdminRegisterUserRequest): Promise<TAdminUser> {
  return apiClient.post<TAdminUser>('/admin/user/register', { body: request });
}

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEYS.users }),
  });
}
