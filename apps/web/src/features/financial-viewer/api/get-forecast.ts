import type {
  ForecastHorizon,
  TForecastQuery,
  TForecastResponse,
} from '@app/contracts/financial-viewer';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { toSearch } from './get-categorization';
import { financialViewerKeys } from './query-keys';

export type ForecastOptions = {
  /** Comma list; all the team's accounts when absent. */
  accountIds?: string;
  amountToPredict: ForecastHorizon;
  /** Cents: warn of the first day the balance is expected below it. */
  threshold: number;
};

function toForecastQuery({ accountIds, amountToPredict, threshold }: ForecastOptions) {
  return {
    ...(accountIds ? { accountIds } : {}),
    groupAll: 'true',
    amountToPredict,
    threshold,
  } satisfies TForecastQuery;
}

/** The balance forecast over the horizon, with its history, threshold warning and recurrences. */
export function getForecast(options: ForecastOptions & { signal?: AbortSignal }) {
  const { signal, ...rest } = options;
  return apiClient.get<TForecastResponse>(
    `/financialviewer/cashflow/forecast${toSearch(toForecastQuery(rest))}`,
    signal ? { signal } : {},
  );
}

export function forecastQueryOptions(options: ForecastOptions) {
  return queryOptions({
    queryKey: financialViewerKeys.forecast(toForecastQuery(options)),
    queryFn: ({ signal }) => getForecast({ ...options, signal }),
    // The previous horizon stays on screen while the next one is computed.
    placeholderData: keepPreviousData,
  });
}

export function useForecast(options: ForecastOptions, { enabled = true } = {}) {
  return useQuery({ ...forecastQueryOptions(options), enabled });
}
