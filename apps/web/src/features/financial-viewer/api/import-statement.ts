import type { TColumnMapping, TImportResult } from '@app/contracts/financial-viewer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

export type ImportStatementInput = {
  file: File;
  accountId: string;
  mapping: TColumnMapping;
  /** Cents; only for the first import of an account. */
  initialBalance?: number;
};

/** Imports a statement into an account: DONE at once (200) or QUEUED as a job (202). */
export function importStatement(input: ImportStatementInput) {
  const form = new FormData();
  form.append('document', input.file);
  form.append('account_id', input.accountId);
  form.append('mapping', JSON.stringify(input.mapping));
  if (input.initialBalance !== undefined) {
    form.append('initial_balance', String(input.initialBalance));
  }
  return apiClient.post<TImportResult>('/financialviewer/import', { body: form });
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financialViewerKeys.all }),
  });
}
