import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The draft run and its file are removed. */
export function cancelUpload(runId: string) {
  return apiClient.put(`/sinteza/run/${encodeURIComponent(runId)}/url/cancel`);
}

export function useCancelUpload() {
  return useMutation({ mutationFn: cancelUpload });
}
