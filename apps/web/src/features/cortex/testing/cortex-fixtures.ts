import type { TCurrentPlanResponse } from '@app/contracts/billing';
import type { TNeuron } from '@app/contracts/catalogue';
import type { TUsageStatisticsResponse } from '@app/contracts/neuron-access';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { buildPlan, buildSubscription, buildUser } from '../../../test/fixtures';

/** Tests only: the three neurons as the catalogue lists them. */
export const NEURONS: TNeuron[] = [
  {
    id: 'FinancialViewer',
    name: 'Financial Viewer',
    description: 'Bank accounts, categories and cashflow in one place.',
    imageUrl: '',
    path: '/neurons/FinancialViewer',
    microserviceUrl: 'http://localhost/v1/financial',
  },
  {
    id: 'LegalMind',
    name: 'LegalMind',
    description: 'Anonymizes legal texts.',
    imageUrl: '',
    path: '/neurons/LegalMind',
    microserviceUrl: 'http://localhost/v1/legalmind',
  },
  {
    id: 'Nucleus',
    name: 'Nucleus',
    description: 'Synthetic data.',
    imageUrl: '',
    path: '/neurons/Nucleus',
    microserviceUrl: 'http://localhost/v1/nucleus',
  },
];

export const NO_PLAN: TCurrentPlanResponse = { currentPlan: null, currentSubscription: null };

/** An active subscription to `neuron` on a plan named `planName` with `limit` calls a month. */
export function activePlan(
  neuron: string,
  planName = 'Starter',
  limit: number | null = 10_000,
): TCurrentPlanResponse {
  return {
    currentPlan: buildPlan({ planName, planCallsLimitMonthly: limit }),
    currentSubscription: buildSubscription({ neuron, serviceName: neuron, planInfo: { planName } }),
  };
}

export function buildStatistics(
  overrides: Partial<TUsageStatisticsResponse> = {},
): TUsageStatisticsResponse {
  return {
    period: 'month',
    from: '2026-10-26T06:00:00.000Z',
    monthCalls: 0,
    monthlyLimit: null,
    totals: { calls: 0, errors: 0, units: 0, p50Ms: null, p95Ms: null },
    days: [],
    ...overrides,
  };
}

/** Signs in a user with these roles (5 owner, 7 admin, 6 guest member). */
export function signInAs(roles: number[] = [5]): void {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser({ roles }));
}
