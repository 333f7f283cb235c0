import type { TDownloadFormat, TDownloadResponse } from '@app/contracts/dataverse';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A signed address of a paid purchase's file, valid for a few minutes. */
export function getDownload(options: { purchaseId: string; format: TDownloadFormat }) {
  return apiClient.get<TDownloadResponse>(
    `/dataverse/purchase/${encodeURIComponent(options.purchaseId)}/download?format=${options.format}`,
  );
}

export function useDownload() {
  return useMutation({ mutationFn: getDownload });
}
