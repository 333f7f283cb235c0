import { z } from 'zod';

/** Periods the statistics and logs of a neuron cover, ending now. */
export const USAGE_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

export const ZUsageParams = z.object({
  neuron: z.string().min(1).max(64),
  period: z.enum(USAGE_PERIODS),
});

export const ZTokenRefreshParams = z.object({
  neuron: z.string().min(1).max(64),
  subscriptionId: z.uuid(),
});

/**
 * Calls (answered or refused), the refusals and errors among them (status 400 and up), the
 * units consumed, and the median and 95th-percentile latency of the successful calls in
 * milliseconds (null when there was none).
 */
const ZUsageTotals = z.object({
  calls: z.number().int(),
  errors: z.number().int(),
  units: z.number().int(),
  p50Ms: z.number().int().nullable(),
  p95Ms: z.number().int().nullable(),
});

export const ZUsageStatisticsResponse = z.object({
  period: z.enum(USAGE_PERIODS),
  from: z.string(),
  /** Calls counted against the plan this calendar month, and the plan's monthly limit. */
  monthCalls: z.number().int(),
  monthlyLimit: z.number().int().nullable(),
  totals: ZUsageTotals,
  days: z.array(ZUsageTotals.extend({ day: z.string() })),
});
export type TUsageStatisticsResponse = z.infer<typeof ZUsageStatisticsResponse>;

export const ZUsageLogsResponse = z.array(
  z.object({
    at: z.string(),
    endpoint: z.string(),
    statusCode: z.number().int(),
    durationMs: z.number().int(),
    units: z.number().int(),
  }),
);
export type TUsageLogsResponse = z.infer<typeof ZUsageLogsResponse>;
