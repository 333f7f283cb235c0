import {
  FORECAST_HORIZONS,
  type ForecastHorizon,
  type TCashflowResponse,
  type TExchangeRates,
  type TForecastResponse,
  type TRecurringPayment,
} from '@app/contracts/financial-viewer';
import {
  CashflowError,
  aggregateWeekly,
  buildDailyCashflow,
  forecastBalance,
  type DailyAmount,
} from '@app/finance';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import type { Deps } from '../../platform/deps.js';
import { toEuroCents } from '../../platform/exchange-rates.js';
import { checkDateRange, isoDay, shiftDays, shiftYears } from './dates.js';
import {
  bumpDataVersion,
  findAccounts,
  findCashflowStates,
  findForecast,
  findMovementsBetween,
  findStoredRecurring,
  getDataVersion,
  rebuildDailyCashflow,
  saveForecast,
  sumDailyMovements,
  type AccountSelection,
} from './repository.js';

/** Spec §9: cashflow and categorisation look back two years by default. */
const DEFAULT_YEARS = 2;
/** The forecast charts show this much history before today. */
const HISTORY_CHART_DAYS = 183;
/** Recurring payments are looked for in this window (a yearly one needs two occurrences). */
const RECURRING_WINDOW_DAYS = 2 * 366;
const RECURRING_MAX_ROWS = 100_000;

type Selection = AccountSelection & { teamId: string };

/**
 * The selection's balance before its first movement and its daily income and expense as
 * signed movements (two a day), in euro cents: the daily rows are summed per currency.
 */
async function readSelection(
  deps: Deps,
  selection: Selection,
  rates: TExchangeRates,
): Promise<{ opening: number; amounts: DailyAmount[] }> {
  const accountIds = selection.accountIds?.length ? selection.accountIds : undefined;
  const accounts = await findAccounts(deps.db, selection.teamId, { accountIds });
  const byCurrency = new Map<string, { ids: string[]; opening: number }>();
  for (const account of accounts) {
    const group = byCurrency.get(account.currency) ?? { ids: [], opening: 0 };
    group.ids.push(account.id);
    group.opening += account.openingBalance;
    byCurrency.set(account.currency, group);
  }
  let opening = 0;
  const amounts: DailyAmount[] = [];
  for (const [currency, group] of byCurrency) {
    opening += toEuroCents(group.opening, currency, rates);
    for (const row of await sumDailyMovements(deps.db, selection.teamId, group.ids)) {
      amounts.push(
        { date: row.day, amount: toEuroCents(Number(row.income), currency, rates) },
        { date: row.day, amount: -toEuroCents(Number(row.expense), currency, rates) },
      );
    }
  }
  return { opening, amounts };
}

/** Spec "Cashflow row" per day and the weekly buckets, summed over the accounts, in euros. */
export async function getCashflow(
  deps: Deps,
  options: Selection & { dateFrom?: string | undefined; dateTo?: string | undefined },
): Promise<TCashflowResponse> {
  const today = isoDay(deps.clock.now());
  const to = options.dateTo ?? today;
  const from = options.dateFrom ?? shiftYears(to, -DEFAULT_YEARS);
  checkDateRange({ from, to }, { from: 'dateFrom', to: 'dateTo' }, deps.clock.now());
  const rates = await deps.exchangeRates.get();
  const { opening, amounts } = await readSelection(deps, options, rates);
  if (amounts.length === 0) return { daily: [], weekly: [], currency: 'EUR' };
  const daily = buildDailyCashflow({ accounts: [{ amounts, openingBalance: opening }], from, to });
  return { daily, weekly: aggregateWeekly(daily), currency: 'EUR' };
}

/**
 * Spec 'updatecashflow' (called on every load of the cashflow page): rebuilds the daily rows of
 * the team's accounts whose transactions changed since their cashflow was built, and only then
 * marks the data changed, so a load with nothing new rewrites nothing and keeps the stored
 * forecasts. Answers the number of the team's accounts, all up to date from then on.
 */
export async function updateCashflow(deps: Deps, options: { teamId: string }): Promise<number> {
  const { teamId } = options;
  const accounts = await findCashflowStates(deps.db, teamId);
  const stale = accounts.filter((account) => account.isStale);
  if (stale.length > 0) {
    await deps.db.transaction(async (tx) => {
      for (const account of stale) await rebuildDailyCashflow(tx, teamId, account.id);
      await bumpDataVersion(tx, teamId);
    });
  }
  return accounts.length;
}

/**
 * Starts the search for the selection's recurring payments: reads their movements, then hands
 * them to a worker thread (two years of a large team's transactions take it about half a
 * second) and gives back its answer to await later, so that this thread forecasts meanwhile.
 */
async function startRecurringSearch(
  deps: Deps,
  selection: Selection,
  options: { today: string; rates: TExchangeRates },
): Promise<{ payments: Promise<TRecurringPayment[]> }> {
  const movements = await findMovementsBetween(deps.db, selection.teamId, {
    accountIds: selection.accountIds,
    from: shiftDays(options.today, -RECURRING_WINDOW_DAYS),
    to: options.today,
    limit: RECURRING_MAX_ROWS,
  });
  const payments = cpuPool
    .run('listRecurringPayments', { movements, rates: options.rates, endDate: options.today })
    .then((found) =>
      found.map((payment) => ({
        cadence: payment.cadence,
        amount: payment.amount,
        nextDate: payment.nextDate,
        lastDate: payment.lastDate,
        occurrences: payment.occurrences,
        description: payment.description ?? '',
      })),
    );
  // Awaited by the caller once it has forecast; should the forecast fail first, the search's
  // own failure is not left unhandled.
  payments.catch(() => undefined);
  return { payments };
}

type StoredForecast = Omit<TForecastResponse, 'threshold' | 'belowThreshold'>;

async function computeForecast(
  deps: Deps,
  selection: Selection,
  options: {
    horizon: ForecastHorizon;
    /** The moment of the request: its UTC day is the forecast's first and the stored key's. */
    now: Date;
    /** The recurring payments found that day for the same data at another horizon, if any. */
    knownRecurring: TRecurringPayment[] | undefined;
  },
): Promise<StoredForecast> {
  const { horizon, now, knownRecurring } = options;
  const today = isoDay(now);
  const rates = await deps.exchangeRates.get();
  const { opening, amounts } = await readSelection(deps, selection, rates);
  const history = amounts.filter((amount) => amount.date <= today);
  const base = { horizon, computedAt: now.toISOString(), currency: 'EUR' as const };
  if (history.length === 0) return { ...base, rows: [], history: [], recurring: [] };
  const daily = buildDailyCashflow({
    accounts: [{ amounts: history, openingBalance: opening }],
    to: today,
  });
  const chartStart = shiftDays(today, -HISTORY_CHART_DAYS);
  const recent = daily.filter((row) => row.cashflow_date >= chartStart);
  const recurringSearch = knownRecurring
    ? { payments: Promise.resolve(knownRecurring) }
    : await startRecurringSearch(deps, selection, { today, rates });
  let rows: TForecastResponse['rows'] = [];
  try {
    rows = forecastBalance({ history, openingBalance: opening, horizon, endDate: today });
  } catch (error) {
    // Too little history is 'No data', not an error.
    if (!(error instanceof CashflowError)) throw error;
  }
  return { ...base, rows, history: recent, recurring: await recurringSearch.payments };
}

function accountKey(accountIds: string[] | undefined): string {
  return accountIds?.length ? [...new Set(accountIds)].sort().join(',') : 'all';
}

/**
 * The balance forecast of the selection, with the first day it is expected below the
 * threshold and the recurring payments found. Stored per selection and horizon, and made
 * again once the team's data changed or on a later day (UTC).
 */
export async function getForecast(
  deps: Deps,
  options: Selection & { horizon: number; threshold: number },
): Promise<TForecastResponse> {
  const horizon = (FORECAST_HORIZONS as readonly number[]).includes(options.horizon)
    ? (options.horizon as ForecastHorizon)
    : 90;
  const key = { accountKey: accountKey(options.accountIds), horizon };
  const now = deps.clock.now();
  const fresh = {
    accountKey: key.accountKey,
    dataVersion: await getDataVersion(deps.db, options.teamId),
    day: isoDay(now),
  };
  let forecast = (await findForecast(deps.db, options.teamId, { ...fresh, horizon })) as
    StoredForecast | undefined;
  if (!forecast) {
    // A move of the horizon slider searches the same transactions again otherwise.
    const knownRecurring = (await findStoredRecurring(deps.db, options.teamId, fresh)) as
      TRecurringPayment[] | undefined;
    forecast = await computeForecast(deps, options, { horizon, now, knownRecurring });
    await saveForecast(deps.db, options.teamId, {
      ...key,
      dataVersion: fresh.dataVersion,
      result: forecast,
      computedAt: now,
    });
  }
  const below = forecast.rows.find((row) => row.balance < options.threshold);
  return {
    ...forecast,
    threshold: options.threshold,
    belowThreshold: below ? { date: below.date, balance: below.balance } : null,
  };
}

/** Spec 'refreshcashflowforecast': the stored forecasts are made again on their next read. */
export async function refreshForecasts(deps: Deps, options: { teamId: string }): Promise<void> {
  await bumpDataVersion(deps.db, options.teamId);
}
