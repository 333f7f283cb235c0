import type { TDocumentInsightsResponse } from '@app/contracts/legal-mind';
import type { UsagePeriod } from '@app/contracts/neuron-access';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { anonymizerKeys } from './get-access-token';

/** What kinds of personal data the team's LegalMind documents of a period held: counts only. */
export function getDocumentInsights(options: { period: UsagePeriod; signal?: AbortSignal }) {
  const { period, signal } = options;
  return apiClient.get<TDocumentInsightsResponse>(
    `/legal-mind/insights/${period}`,
    signal ? { signal } : {},
  );
}

export function documentInsightsQueryOptions(period: UsagePeriod) {
  return queryOptions({
    queryKey: [...anonymizerKeys.all, 'insights', period] as const,
    queryFn: ({ signal }) => getDocumentInsights({ period, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDocumentInsights(period: UsagePeriod) {
  return useQuery(documentInsightsQueryOptions(period));
}
