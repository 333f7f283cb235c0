import type { TNeuron } from '@app/contracts/catalogue';
import type { TUsageLogsResponse, TUsageStatisticsResponse } from '@app/contracts/neuron-access';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { buildPlan, buildUser } from '../../../test/fixtures';
import financialViewerDocument from './financial-viewer-openapi.json';
import legalMindDocument from './legal-mind-openapi.json';

/**
 * Tests only: the neurons' OpenAPI documents as the server serves them, trimmed to a few whole
 * operations. The server's web-openapi-fixtures test writes them and fails when they are stale.
 */
export const API_DOCUMENTS: Record<string, object> = {
  FinancialViewer: financialViewerDocument,
  LegalMind: legalMindDocument,
};

export const TOKENS: Record<string, { token: string; microserviceUrl: string }> = {
  FinancialViewer: { token: 'nrn_secret_fv', microserviceUrl: 'http://localhost/v1/financial' },
  LegalMind: { token: 'nrn_secret_lm', microserviceUrl: 'http://localhost/v1' },
};

export function buildNeuron(id: 'FinancialViewer' | 'LegalMind'): TNeuron {
  return id === 'LegalMind'
    ? {
        id,
        name: 'LegalMind',
        description: 'Anonymises legal texts.',
        imageUrl: '',
        path: '/neurons/LegalMind',
        microserviceUrl: TOKENS.LegalMind?.microserviceUrl ?? '',
      }
    : {
        id,
        name: 'Financial Viewer',
        description: 'Aggregates bank accounts.',
        imageUrl: '',
        path: '/neurons/FinancialViewer',
        microserviceUrl: TOKENS.FinancialViewer?.microserviceUrl ?? '',
      };
}

export function buildStatistics(
  overrides: Partial<TUsageStatisticsResponse> = {},
): TUsageStatisticsResponse {
  const from = new Date(Date.now() - 30 * 86_400_000);
  const day = (offset: number) =>
    new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  return {
    period: 'month',
    from: from.toISOString(),
    monthCalls: 1234,
    monthlyLimit: 10000,
    totals: { calls: 1500, errors: 30, units: 4200, p50Ms: 120, p95Ms: 480 },
    days: [
      { day: day(2), calls: 1000, errors: 10, units: 3000, p50Ms: 110, p95Ms: 400 },
      { day: day(1), calls: 500, errors: 20, units: 1200, p50Ms: null, p95Ms: null },
    ],
    ...overrides,
  };
}

export const NO_CALLS: Pick<TUsageStatisticsResponse, 'totals' | 'days' | 'monthCalls'> = {
  monthCalls: 0,
  totals: { calls: 0, errors: 0, units: 0, p50Ms: null, p95Ms: null },
  days: [],
};

export function buildLogs(count: number): TUsageLogsResponse {
  return Array.from({ length: count }, (_, index) => ({
    at: new Date(Date.UTC(2026, 10, 24, 9, 30, 0) - index * 60_000).toISOString(),
    endpoint: `/v1/financial/getbanks#${String(index + 1)}`,
    statusCode: index === 0 ? 401 : 200,
    durationMs: 1500 + index,
    units: 1,
  }));
}

/** The access answer: subscribed to a plan of 10.000 calls a month, or not subscribed. */
export function neuronAccess(isSubscribed = true) {
  return isSubscribed
    ? { isSubscribed, plan: buildPlan({ planName: 'Business', planCallsLimitMonthly: 10000 }) }
    : { isSubscribed, plan: null };
}

/** Signs a user in for a page test (token and user query), as the app shell would. */
export function signIn(overrides: Parameters<typeof buildUser>[0] = {}) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser(overrides));
}
