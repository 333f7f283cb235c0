import type { TDataProfile } from '@app/contracts/nucleus';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The uploaded file is read and profiled: its rows, columns and their types. */
export function confirmUpload(runId: string) {
  return apiClient.put<TDataProfile>(`/sinteza/run/${encodeURIComponent(runId)}/url/confirm`);
}

export function useConfirmUpload() {
  return useMutation({ mutationFn: confirmUpload });
}
