import type { TUploadUrlResponse } from '@app/contracts/nucleus';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A draft run for the file and the signed address its bytes go to. */
export function createUploadUrl(fileName: string) {
  const query = new URLSearchParams({ fileName });
  return apiClient.post<TUploadUrlResponse>(`/sinteza/run/url?${query.toString()}`);
}

export function useCreateUploadUrl() {
  return useMutation({ mutationFn: createUploadUrl });
}
