import { DIMENSION_CODES, type TDomain, type TReferenceItem } from '@app/contracts/dataverse';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_QUERY_KEYS } from './query-keys';

function getDomainsIn(lang: 'en-US' | 'es', signal?: AbortSignal) {
  return apiClient.get<TReferenceItem[]>(
    `/dimension/code/${DIMENSION_CODES.DOMAINS}?lang=${lang}`,
    signal ? { signal } : {},
  );
}

/** The domains with both descriptions: the dimension read once in each language. */
export async function getDomains(signal?: AbortSignal): Promise<TDomain[]> {
  const [english, spanish] = await Promise.all([
    getDomainsIn('en-US', signal),
    getDomainsIn('es', signal),
  ]);
  const spanishById = new Map(spanish.map((item) => [item.domelId, item.domelDesc]));
  return english.map((item) => ({
    domelId: item.domelId,
    dimensionCode: item.dimensionCode,
    domelCode: item.domelCode,
    descriptionEn: item.domelDesc,
    descriptionEs: spanishById.get(item.domelId) ?? '',
    domelParent: item.domelParent,
  }));
}

export function domainsQueryOptions() {
  return queryOptions({
    queryKey: ADMIN_QUERY_KEYS.domains,
    queryFn: ({ signal }) => getDomains(signal),
  });
}

export function useDomains() {
  return useQuery(domainsQueryOptions());
}
