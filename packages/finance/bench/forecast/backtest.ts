import { buildDailyCashflow } from '../../src/cashflow/daily-cashflow.js';
import { formatIsoDay, parseIsoDay } from '../../src/cashflow/dates.js';
import { forecastBalance } from '../../src/cashflow/forecast.js';
import { loadBerkaAccounts, type AccountSeries } from './series.js';

/** A forecast path for steps 1…n: point forecast and 90 % interval. */
export type PathForecast = { mean: number[]; low: number[]; high: number[] };

/** One account cut at one date: what a model sees and what happened next. */
export type Origin = {
  id: string;
  series: AccountSeries;
  cutoff: string;
  /** The horizons this origin is scored at (those for which the data goes far enough). */
  horizons: number[];
  /** Daily end-of-day balances from the first movement to the cut-off. */
  train: number[];
  /** Daily balances after the cut-off, as far as the longest horizon. */
  actual: number[];
  /** In-sample mean absolute one-day change: the MASE denominator. */
  scale: number;
};

export function buildOrigins(options: {
  series: readonly AccountSeries[];
  cutoffs: readonly string[];
  horizons: readonly number[];
  minHistoryDays: number;
}): Origin[] {
  return options.series.flatMap((series) => {
    const rows = buildDailyCashflow({
      accounts: [{ amounts: series.amounts, openingBalance: series.openingBalance }],
      to: series.lastDate,
    });
    const firstDay = parseIsoDay(rows[0]?.cashflow_date ?? '', 'first');
    const balances = rows.map((row) => row.cashflow_balance);
    return options.cutoffs.flatMap((cutoff) => {
      const trainLength = parseIsoDay(cutoff, 'cutoff') - firstDay + 1;
      const horizons = options.horizons.filter((h) => trainLength + h <= balances.length);
      if (trainLength < options.minHistoryDays || horizons.length === 0) return [];
      const train = balances.slice(0, trainLength);
      let totalChange = 0;
      for (let index = 1; index < train.length; index += 1) {
        totalChange += Math.abs((train[index] ?? 0) - (train[index - 1] ?? 0));
      }
      const scale = totalChange / (train.length - 1);
      if (scale === 0) return [];
      const longest = Math.max(...horizons);
      return [
        {
          id: `${series.id.replace(/\W+/g, '_')}_${cutoff}`,
          series,
          cutoff,
          horizons,
          train,
          actual: balances.slice(trainLength, trainLength + longest),
          scale,
        },
      ];
    });
  });
}

export function forecastOrigin(origin: Origin, horizon: number): PathForecast {
  const history = origin.series.amounts.filter((entry) => entry.date <= origin.cutoff);
  const rows = forecastBalance({
    history,
    openingBalance: origin.series.openingBalance,
    horizon,
    endDate: origin.cutoff,
  });
  return {
    mean: rows.map((row) => row.balance),
    low: rows.map((row) => row.pred05),
    high: rows.map((row) => row.pred95),
  };
}

export function naiveForecast(origin: Origin, horizon: number): PathForecast {
  const last = origin.train.at(-1) ?? 0;
  const flat = Array.from({ length: horizon }, () => last);
  return { mean: flat, low: flat, high: flat };
}

export type Score = { mase: number; covered: number; points: number };

export function scoreForecast(origin: Origin, forecast: PathForecast, horizon: number): Score {
  let absoluteError = 0;
  let covered = 0;
  for (let step = 0; step < horizon; step += 1) {
    const actual = origin.actual[step] ?? 0;
    absoluteError += Math.abs((forecast.mean[step] ?? 0) - actual);
    if ((forecast.low[step] ?? 0) <= actual && actual <= (forecast.high[step] ?? 0)) covered += 1;
  }
  return { mase: absoluteError / horizon / origin.scale, covered, points: horizon };
}

/** Monthly cut-off dates on `day` from `first` to `last` (yyyy-mm). */
export function monthlyCutoffs(options: {
  first: string;
  last: string;
  day: number;
  everyMonths: number;
}): string[] {
  const cutoffs: string[] = [];
  let [year = 0, month = 0] = options.first.split('-').map(Number);
  for (;;) {
    const cutoff = `${year}-${String(month).padStart(2, '0')}-${String(options.day).padStart(2, '0')}`;
    if (cutoff.slice(0, 7) > options.last) return cutoffs;
    cutoffs.push(formatIsoDay(parseIsoDay(cutoff, 'cutoff')));
    month += options.everyMonths;
    while (month > 12) {
      month -= 12;
      year += 1;
    }
  }
}

/** Berka: 15 months; monthly cut-offs leave 30 or 90 days of truth after each. */
export function buildBerkaOrigins(): Origin[] {
  return buildOrigins({
    series: loadBerkaAccounts(),
    cutoffs: monthlyCutoffs({ first: '1993-08', last: '1994-02', day: 15, everyMonths: 1 }),
    horizons: [30, 90],
    minHistoryDays: 90,
  });
}
