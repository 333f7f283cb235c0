import {
  SINTEZA_FILE_MAX_BYTES,
  SINTEZA_USAGE_MONTHS,
  type TLimitsResponse,
  type TPlanLimit,
  type TUsageStatistics,
} from '@app/contracts/nucleus';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { SubscriptionAccess } from '../billing/subscriptions.js';
import { countActiveRuns, sumRunUsage, sumRunUsageBy } from './repository.js';

type Plan = SubscriptionAccess['plan'];

const count = (value: number) => value.toLocaleString('en-US');

/** 422 PLAN_EXCEEDED naming the limit in words and, for the web app, in `fields.limit`. */
function planExceeded(plan: Plan, what: string, limit: TPlanLimit): AppError {
  return new AppError('PLAN_EXCEEDED', {
    message: `${what} Change to a higher plan than ${plan.name} for more.`,
    fields: { limit },
  });
}

/** The first instant of the clock's calendar month, UTC: monthly limits count from it. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function getLimits(access: SubscriptionAccess): TLimitsResponse {
  const { plan } = access;
  return {
    planCode: plan.code,
    planName: plan.name,
    rowLimit: plan.numRows,
    columnLimit: plan.numColumns,
    runLimit: plan.outputsLimitMonthly,
    monthlyRowLimit: plan.rowsLimitMonthly,
    concurrentJob: plan.numConcurrentJobs,
    datasetPerRun: plan.numTables,
    fileMaxBytes: SINTEZA_FILE_MAX_BYTES,
  };
}

/** Each period's runs and rows, a period without runs as 0. */
function fillPeriods(
  periods: string[],
  counted: { period: string; runs: number; rows: number }[],
): { period: string; runs: number; rows: number }[] {
  const byPeriod = new Map(counted.map((entry) => [entry.period, entry]));
  return periods.map((period) => ({
    period,
    runs: byPeriod.get(period)?.runs ?? 0,
    rows: byPeriod.get(period)?.rows ?? 0,
  }));
}

/** The days of `now`'s month up to its day and the months of the series, as the database names them. */
function usagePeriods(now: Date): { days: string[]; months: string[]; firstMonth: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const days = Array.from({ length: now.getUTCDate() }, (_, index) =>
    new Date(Date.UTC(year, month, index + 1)).toISOString().slice(0, 10),
  );
  const months = Array.from({ length: SINTEZA_USAGE_MONTHS }, (_, index) =>
    new Date(Date.UTC(year, month - SINTEZA_USAGE_MONTHS + 1 + index, 1)).toISOString().slice(0, 7),
  );
  return {
    days,
    months,
    firstMonth: new Date(Date.UTC(year, month - SINTEZA_USAGE_MONTHS + 1, 1)),
  };
}

/**
 * This month's runs and rows against the plan, the jobs working now, and the same counts per
 * day of this month and per month of the last twelve (every kind of run, edge reports included).
 */
export async function getUsageStatistics(
  deps: Deps,
  options: { access: SubscriptionAccess },
): Promise<TUsageStatistics> {
  const { plan, teamId } = options.access;
  const now = deps.clock.now();
  const from = monthStart(now);
  const periods = usagePeriods(now);
  const perDay = await sumRunUsageBy(deps.db, teamId, { from, unit: 'day' });
  const perMonth = await sumRunUsageBy(deps.db, teamId, {
    from: periods.firstMonth,
    unit: 'month',
  });
  return {
    from: from.toISOString(),
    // The month's days hold every counted run since `from`: their sum is the month's usage.
    runs: perDay.reduce((total, day) => total + day.runs, 0),
    runLimit: plan.outputsLimitMonthly,
    rows: perDay.reduce((total, day) => total + day.rows, 0),
    monthlyRowLimit: plan.rowsLimitMonthly,
    activeJobs: await countActiveRuns(deps.db, teamId),
    concurrentJob: plan.numConcurrentJobs,
    days: fillPeriods(periods.days, perDay).map(({ period, ...counts }) => ({
      day: period,
      ...counts,
    })),
    months: fillPeriods(periods.months, perMonth).map(({ period, ...counts }) => ({
      month: period,
      ...counts,
    })),
  };
}

/** Rows and columns of one run: 422 PLAN_EXCEEDED naming the limit. */
export function requireRunWithinPlan(
  plan: Plan,
  run: { sourceRows: number; columns: number; numRows: number },
): void {
  if (plan.numColumns !== null && run.columns > plan.numColumns) {
    throw planExceeded(
      plan,
      `The run has ${count(run.columns)} columns and the plan takes up to ${count(plan.numColumns)} columns per run. Drop some columns.`,
      'columnLimit',
    );
  }
  const rows = Math.max(run.sourceRows, run.numRows);
  if (plan.numRows !== null && rows > plan.numRows) {
    throw planExceeded(
      plan,
      `The run has ${count(rows)} rows and the plan takes up to ${count(plan.numRows)} rows per run.`,
      'rowLimit',
    );
  }
}

/** Tables of a relational run: 422 PLAN_EXCEEDED naming the plan's datasets per run. */
export function requireTablesWithinPlan(plan: Plan, tables: number): void {
  if (plan.numTables !== null && tables > plan.numTables) {
    throw planExceeded(
      plan,
      `The run has ${count(tables)} tables and the plan takes up to ${count(plan.numTables)} datasets per run.`,
      'datasetPerRun',
    );
  }
}

/**
 * Runs and rows this month (edge runs' included) and jobs at once, counted inside the caller's
 * transaction (which holds the team's run lock, so two requests cannot both take the last one).
 * `rows`: what the run about to start draws.
 */
export async function requireJobWithinPlan(
  deps: Deps,
  executor: Executor,
  options: { access: SubscriptionAccess; rows: number },
): Promise<void> {
  const { plan, teamId } = options.access;
  const active = await countActiveRuns(executor, teamId);
  if (plan.numConcurrentJobs !== null && active >= plan.numConcurrentJobs) {
    throw planExceeded(
      plan,
      `The team has ${count(active)} runs in progress and the plan runs up to ${count(plan.numConcurrentJobs)} concurrent jobs. Wait for one to finish or cancel it.`,
      'concurrentJob',
    );
  }
  const usage = await sumRunUsage(executor, teamId, monthStart(deps.clock.now()));
  if (plan.outputsLimitMonthly !== null && usage.runs >= plan.outputsLimitMonthly) {
    throw planExceeded(
      plan,
      `The team has started ${count(usage.runs)} runs this month, the plan's limit of runs per month.`,
      'runLimit',
    );
  }
  const rowsLimit = plan.rowsLimitMonthly;
  if (rowsLimit !== null && usage.rows + options.rows > rowsLimit) {
    const left = Math.max(0, rowsLimit - usage.rows);
    throw planExceeded(
      plan,
      `The run draws ${count(options.rows)} rows and the team has drawn ${count(usage.rows)} of the plan's ${count(rowsLimit)} rows per month: ${count(left)} left.`,
      'monthlyRowLimit',
    );
  }
}
