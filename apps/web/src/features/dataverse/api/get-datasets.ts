import type { TDatasetsResponse } from '@app/contracts/dataverse';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../lib/api-client';
import type { DatasetsQuery } from '../utils/catalogue-search';
import { dataverseKeys } from './query-keys';

/** A page of the catalogue the team sees, filtered and ranked by the server. */
export function getDatasets(query: DatasetsQuery, { signal }: { signal?: AbortSignal } = {}) {
  const { vendor = [], ...single } = query;
  const params = new URLSearchParams(single);
  for (const name of vendor) params.append('vendor', name);
  return apiClient.get<TDatasetsResponse>(
    `/dataverse/datasets?${params.toString()}`,
    signal ? { signal } : {},
  );
}

export function useDatasets(query: DatasetsQuery) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: dataverseKeys.datasetList(query, i18n.language),
    queryFn: ({ signal }) => getDatasets(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
