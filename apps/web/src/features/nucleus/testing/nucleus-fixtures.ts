import type {
  TAlgorithm,
  TDataProfile,
  TLimitsResponse,
  TRun,
  TRunsResponse,
  TUsageStatistics,
} from '@app/contracts/nucleus';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { buildPlan, buildUser } from '../../../test/fixtures';

/** Tests only: what the Sinteza calls answer, shaped by the contracts. */

let sequence = 0;
/** A fresh uuid-shaped id per call. */
export function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`;
}

export function signIn(overrides: Parameters<typeof buildUser>[0] = {}) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser(overrides));
}

export function accessResponse(options: { subscribed: boolean }) {
  if (!options.subscribed) return { isSubscribed: false, plan: null };
  return { isSubscribed: true, plan: buildPlan({ planId: 'plan-free', planName: 'Free' }) };
}

export function buildRun(overrides: Partial<TRun> = {}): TRun {
  return {
    id: nextId(),
    kind: 'SYNTHESIZE',
    status: 'DONE',
    progress: 100,
    fileName: 'adult.csv',
    isProfiled: true,
    algorithm: 'bayesian-network',
    parameters: { degree: 3 },
    numRows: 500,
    sourceRows: 400,
    sourceColumns: 10,
    sourceRunId: null,
    errorMessage: null,
    createdAt: '2026-11-20T10:00:00Z',
    startedAt: '2026-11-20T10:00:05Z',
    finishedAt: '2026-11-20T10:01:00Z',
    ...overrides,
  };
}

export function runsPage(items: TRun[], overrides: Partial<TRunsResponse> = {}): TRunsResponse {
  return { items, total: items.length, page: 0, pageSize: 20, ...overrides };
}

export function buildProfile(runId: string): TDataProfile {
  return {
    runId,
    fileName: 'adult.csv',
    format: 'csv',
    rowCount: 400,
    columnCount: 3,
    columns: [
      {
        name: 'id',
        type: 'id',
        missing: 0,
        distinct: 400,
        personalData: null,
        isKey: true,
        distribution: null,
      },
      {
        name: 'age',
        type: 'numerical',
        missing: 2,
        distinct: 50,
        personalData: null,
        isKey: false,
        distribution: {
          kind: 'histogram',
          scale: 'number',
          bins: [
            { start: 17, end: 30, count: 120 },
            { start: 30, end: 45, count: 180 },
            { start: 45, end: 90, count: 98 },
          ],
        },
      },
      {
        name: 'email',
        type: 'text',
        missing: 0,
        distinct: 400,
        personalData: 'email',
        isKey: false,
        distribution: null,
      },
    ],
    warnings: [],
  };
}

export const ALGORITHMS: TAlgorithm[] = [
  {
    name: 'gaussian-copula',
    description: 'Server text.',
    hasPrivacyBudget: false,
    parameters: [
      { name: 'rows', type: 'integer', default: null, description: 'Server text.' },
      {
        name: 'marginal',
        type: 'string',
        default: 'auto',
        values: ['auto', 'empirical'],
        description: 'Server text.',
      },
    ],
  },
  {
    name: 'bayesian-network',
    description: 'Server text.',
    hasPrivacyBudget: true,
    parameters: [
      { name: 'rows', type: 'integer', default: null, description: 'Server text.' },
      { name: 'seed', type: 'integer', default: 0, description: 'Server text.' },
      { name: 'degree', type: 'integer', default: 3, description: 'Server text.' },
      { name: 'epsilon', type: 'number', default: null, description: 'Server text.' },
    ],
  },
];

export function buildLimits(overrides: Partial<TLimitsResponse> = {}): TLimitsResponse {
  return {
    planCode: 'FREE',
    planName: 'Free',
    rowLimit: 10_000,
    columnLimit: 20,
    runLimit: 10,
    monthlyRowLimit: 50_000,
    concurrentJob: 1,
    datasetPerRun: 1,
    fileMaxBytes: 50 * 1024 * 1024,
    ...overrides,
  };
}

export function buildUsage(overrides: Partial<TUsageStatistics> = {}): TUsageStatistics {
  return {
    from: '2026-11-01T00:00:00Z',
    runs: 3,
    runLimit: 10,
    rows: 1500,
    monthlyRowLimit: 50_000,
    activeJobs: 1,
    concurrentJob: 1,
    days: Array.from({ length: 27 }, (_, index) => {
      const day = `2026-11-${String(index + 1).padStart(2, '0')}`;
      if (day === '2026-11-03') return { day, runs: 1, rows: 300 };
      if (day === '2026-11-20') return { day, runs: 2, rows: 1200 };
      return { day, runs: 0, rows: 0 };
    }),
    months: Array.from({ length: 12 }, (_, index) => {
      const month = index === 0 ? '2025-12' : `2026-${String(index).padStart(2, '0')}`;
      if (month === '2026-06') return { month, runs: 140, rows: 84_000 };
      if (month === '2026-11') return { month, runs: 3, rows: 1500 };
      return { month, runs: 0, rows: 0 };
    }),
    ...overrides,
  };
}

/** The engine's report of a run of two compared columns. */
export function buildReport() {
  return {
    overall: 0.9,
    columnShapes: {
      score: 0.92,
      columns: [
        { column: 'age', metric: 'ks-complement', score: 0.91 },
        { column: 'workclass', metric: 'tv-complement', score: 0.93 },
      ],
    },
    pairTrends: {
      score: 0.88,
      strongScore: null,
      strongPairs: 0,
      pairs: [
        {
          columnA: 'age',
          columnB: 'workclass',
          metric: 'contingency-similarity',
          association: 'cramers-v',
          realAssociation: 0.3,
          syntheticAssociation: 0.25,
          strong: false,
          score: 0.88,
        },
      ],
    },
    diagnostic: { validity: [], keyUniqueness: [], score: 1 },
    privacy: {
      exactCopyShare: 0.01,
      holdoutExactCopyShare: null,
      dcr: {
        synthetic: { median: 0.12, p5: 0.03 },
        holdout: null,
        sampleSize: 400,
        referenceSize: 400,
      },
    },
    mlEfficacy: null,
    histograms: [
      {
        column: 'age',
        bins: ['[17, 30)', '[30, 50)', null],
        real: [10, 20, 1],
        synthetic: [12, 18, 1],
      },
      { column: 'workclass', bins: ['Private', 'State-gov'], real: [30, 10], synthetic: [28, 12] },
    ],
    skippedColumns: ['id'],
  };
}
