import type { TColumnMapping, TStatementPreview } from '@app/contracts/financial-viewer';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Reads a statement without writing anything: the detected columns, mapping and rows. */
export function previewStatement(options: { file: File; mapping?: TColumnMapping }) {
  const form = new FormData();
  form.append('document', options.file);
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
  return apiClient.post<TStatementPreview>('/financialviewer/import/preview', { body: form });
}

export function usePreviewStatement() {
  return useMutation({ mutationFn: previewStatement });
}
