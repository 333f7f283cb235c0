import type {
  TCreateConnectionRequest,
  TCreateConnectionResponse,
} from '@app/contracts/financial-viewer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

/** A BANK connection answers the widget's address; a FILE one is ready for its account. */
export function createConnection(request: TCreateConnectionRequest) {
  return apiClient.post<TCreateConnectionResponse>('/financialviewer/connection', {
    body: request,
  });
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financialViewerKeys.connections() }),
  });
}
