import type { TCompany, TCreateCompanyRequest } from '@app/contracts/financial-viewer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { financialViewerKeys } from './query-keys';

export function createCompany(request: TCreateCompanyRequest) {
  return apiClient.post<TCompany>('/financialviewer/account/companies', { body: request });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: (company) => {
      queryClient.setQueryData<TCompany[]>(financialViewerKeys.companies(), (list) =>
        list ? [...list, company] : [company],
      );
    },
  });
}
