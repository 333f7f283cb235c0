import type { TMyDatasetsResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../../lib/api-client';
import { axonKeys } from './query-keys';

export const MY_DATASETS_PAGE_SIZE = 20;

/** The team's datasets with status, version, views and sales, newest change first. */
export function getMyDatasets(page: number) {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(MY_DATASETS_PAGE_SIZE),
  });
  return apiClient.get<TMyDatasetsResponse>(`/axon/datasets?${query.toString()}`);
}

export function useMyDatasets(page: number) {
  return useQuery({ queryKey: axonKeys.myDatasets(page), queryFn: () => getMyDatasets(page) });
}
