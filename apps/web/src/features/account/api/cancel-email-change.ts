import type { TCurrentUser } from '@app/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USER_QUERY_KEY } from '../../../lib/auth';

/** Drops the address waiting for confirmation; the link sent to it stops working. */
export function cancelEmailChange(): Promise<void> {
  return apiClient.delete('/user/email/pending');
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: () => {
      queryClient.setQueryData<TCurrentUser>(USER_QUERY_KEY, (user) =>
        user === undefined ? user : { ...user, pendingEmail: null },
      );
    },
  });
}
