import type { TUpdateUserRequest } from '@app/contracts/profile';
import type { TCurrentUser } from '@app/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USER_QUERY_KEY } from '../../../lib/auth';

export function updateUser(request: TUpdateUserRequest): Promise<TCurrentUser> {
  return apiClient.put<TCurrentUser>('/user', { body: request });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
}
