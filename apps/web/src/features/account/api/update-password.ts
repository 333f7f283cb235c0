import type { TUpdatePasswordRequest, TUpdatePasswordResponse } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-storage';

/** The server ends the other sessions on a password change; this one goes on with a fresh token. */
export function updatePassword(request: TUpdatePasswordRequest): Promise<TUpdatePasswordResponse> {
  return apiClient.post<TUpdatePasswordResponse>('/update_password', { body: request });
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: (response) => {
      setToken(response.token);
    },
  });
}
