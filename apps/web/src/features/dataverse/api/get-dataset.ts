import type { TDatasetEntry } from '@app/contracts/dataverse';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../lib/api-client';
import { dataverseKeys } from './query-keys';

/** The spec's Dataset entry: details, fields, sample, family, licence and source. */
export function getDataset(datasetId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<TDatasetEntry>(
    `/dataset/${encodeURIComponent(datasetId)}`,
    signal ? { signal } : {},
  );
}

export function useDataset(datasetId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: dataverseKeys.dataset(datasetId, i18n.language),
    queryFn: ({ signal }) => getDataset(datasetId, { signal }),
  });
}
