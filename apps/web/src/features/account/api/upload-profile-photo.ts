import { PHOTO_FIELD, type TCurrentUser, type TProfilePhotoResponse } from '@app/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USER_QUERY_KEY } from '../../../lib/auth';

export function uploadProfilePhoto(file: File): Promise<TProfilePhotoResponse> {
  const body = new FormData();
  body.append(PHOTO_FIELD, file);
  return apiClient.post<TProfilePhotoResponse>('/user/profile/photo', { body });
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: ({ url }) => {
      queryClient.setQueryData<TCurrentUser>(USER_QUERY_KEY, (user) =>
        user ? { ...user, photoUrl: url } : user,
      );
    },
  });
}
