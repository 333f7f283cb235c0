import type { TDimension } from '@app/contracts/dataverse';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../lib/api-client';
import { dataverseKeys } from './query-keys';

/** Every dimension with its elements, described in the UI language (sent as Accept-Language). */
export function getDimensions({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TDimension[]>('/dimensions/', signal ? { signal } : {});
}

export function useDimensions() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: dataverseKeys.dimensions(i18n.language),
    queryFn: ({ signal }) => getDimensions({ signal }),
    staleTime: 10 * 60 * 1000,
  });
}
