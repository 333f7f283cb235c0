/**
 * Forecast benchmark: accuracy backtest against R's forecast::ets and forecast::auto.arima,
 * and the speed of a 365-day forecast. Needs R with the forecast package
 * (`apt-get install -y --no-install-recommends r-cran-forecast`).
 *
 *   npx tsx packages/finance/bench/forecast.ts
 */
import { createRandom } from '@app/engine-kit';
import { forecastBalance } from '../src/cashflow/forecast.js';
import {
  buildBerkaOrigins,
  buildOrigins,
  forecastOrigin,
  monthlyCutoffs,
  naiveForecast,
  scoreForecast,
  type Origin,
  type PathForecast,
  type Score,
} from './forecast/backtest.js';
import { forecastWithR } from './forecast/r-baselines.js';
import { loadLongStatements } from './forecast/series.js';
import { generateBusinessAccount } from './forecast/synthetic.js';

/** Warm runs; their minimum is the figure least disturbed by other work on a shared machine. */
const SPEED_RUNS = 100;

type Method = 'ours' | 'ets' | 'arima' | 'naive';
const METHODS: readonly Method[] = ['ours', 'ets', 'arima', 'naive'];

function isRMethod(method: Method): method is 'ets' | 'arima' {
  return method === 'ets' || method === 'arima';
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

function meanMase(scores: readonly Score[]): number {
  return scores.reduce((sum, score) => sum + score.mase, 0) / scores.length;
}

const BOOTSTRAP_SAMPLES = 2000;

/**
 * The 95 % interval of the gain over naive (1 − MASE ours / MASE naive) when the accounts
 * scored are drawn again with replacement, each with all its origins: how far the figure
 * could move with other accounts of the same kind (seeded, so the same every run).
 */
function gainInterval(
  scored: readonly Origin[],
  ours: readonly Score[],
  naive: readonly Score[],
): [number, number] {
  const bySeries = new Map<string, { ours: number; naive: number }>();
  scored.forEach((origin, index) => {
    const sums = bySeries.get(origin.series.id) ?? { ours: 0, naive: 0 };
    sums.ours += ours[index]?.mase ?? Number.NaN;
    sums.naive += naive[index]?.mase ?? Number.NaN;
    bySeries.set(origin.series.id, sums);
  });
  const accounts = [...bySeries.values()];
  const random = createRandom(42).uniform;
  const gains = Array.from({ length: BOOTSTRAP_SAMPLES }, () => {
    let sumOurs = 0;
    let sumNaive = 0;
    for (let draw = 0; draw < accounts.length; draw++) {
      const account = accounts[Math.floor(random() * accounts.length)];
      sumOurs += account?.ours ?? Number.NaN;
      sumNaive += account?.naive ?? Number.NaN;
    }
    return 1 - sumOurs / sumNaive;
  }).sort((a, b) => a - b);
  const at = (share: number) => gains[Math.floor(share * BOOTSTRAP_SAMPLES)] ?? Number.NaN;
  return [at(0.025), at(0.975)];
}

async function runBacktest(): Promise<void> {
  const berkaOrigins = buildBerkaOrigins();
  // Statements: 2020–2026; quarterly cut-offs with at least half a year of history.
  const longOrigins = buildOrigins({
    series: loadLongStatements(),
    cutoffs: monthlyCutoffs({ first: '2020-10', last: '2025-12', day: 10, everyMonths: 3 }),
    horizons: [180, 365],
    minHistoryDays: 180,
  });
  const origins = [...berkaOrigins, ...longOrigins];

  const started = performance.now();
  const baselines = await forecastWithR({
    tasks: origins.map((origin) => ({
      id: origin.id,
      train: origin.train,
      horizon: Math.max(...origin.horizons),
    })),
    frequency: 7,
    workers: 2,
  }).catch((error: unknown) => {
    // The naive baseline needs no R: without it the table compares with naive only.
    console.log(`R baselines skipped: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  const rSeconds = (performance.now() - started) / 1000;
  const methods = baselines === null ? METHODS.filter((method) => !isRMethod(method)) : METHODS;

  function forecastWith(method: Method, origin: Origin, horizon: number): PathForecast {
    if (method === 'ours') return forecastOrigin(origin, horizon);
    if (method === 'naive') return naiveForecast(origin, horizon);
    const result = baselines?.get(origin.id)?.[method];
    if (result === undefined) throw new Error(`R returned no ${method} forecast for ${origin.id}`);
    return result;
  }

  const groups = [
    {
      name: 'berka dev',
      origins: berkaOrigins.filter((o) => o.series.split === 'dev'),
      horizons: [30, 90],
    },
    {
      name: 'berka test',
      origins: berkaOrigins.filter((o) => o.series.split === 'test'),
      horizons: [30, 90],
    },
    { name: 'berka all', origins: berkaOrigins, horizons: [30, 90] },
    { name: 'statements', origins: longOrigins, horizons: [180, 365] },
  ];
  const table = groups.flatMap((group) =>
    group.horizons.map((horizon) => {
      const scored = group.origins.filter((origin) => origin.horizons.includes(horizon));
      const row: Record<string, string | number> = {
        data: group.name,
        horizon,
        series: new Set(scored.map((origin) => origin.series.id)).size,
        origins: scored.length,
      };
      const scoresOf: Partial<Record<Method, Score[]>> = {};
      for (const method of methods) {
        const scores = scored.map((origin) =>
          scoreForecast(origin, forecastWith(method, origin, horizon), horizon),
        );
        scoresOf[method] = scores;
        row[`MASE ${method}`] = round(meanMase(scores), 3);
        if (method !== 'naive') {
          const covered = scores.reduce((sum, score) => sum + score.covered, 0);
          const points = scores.reduce((sum, score) => sum + score.points, 0);
          row[`cover90 ${method}`] = `${round((covered / points) * 100, 1)} %`;
        }
      }
      const gain = 1 - meanMase(scoresOf.ours ?? []) / meanMase(scoresOf.naive ?? []);
      row['ours vs naive'] = `${round(gain * 100, 1)} % better`;
      const [low, high] = gainInterval(scored, scoresOf.ours ?? [], scoresOf.naive ?? []);
      row['95 % interval'] = `${round(low * 100, 1)} – ${round(high * 100, 1)} %`;
      return row;
    }),
  );
  console.log('Accuracy: mean MASE of the daily balance over the horizon (lower is better),');
  console.log('and the share of actual balances inside the 90 % interval (target 85–95 %).');
  console.table(table);
  console.log(
    'berka test: accounts not looked at while choosing the model. berka dev and statements:',
  );
  console.log('development scores (the model was tuned on them). 95 % interval: of the gain over');
  console.log('naive, drawing the accounts again with replacement (2,000 draws).');
  if (baselines !== null) {
    console.log(
      `R: ets/auto.arima defaults, weekly frequency; the fits took ${round(rSeconds, 1)} s for ${origins.length} origins.`,
    );
  }
}

function runSpeed(): void {
  const history = generateBusinessAccount({ from: '2022-01-01', days: 3 * 365, seed: 7 });
  const times: number[] = [];
  for (let run = 0; run < SPEED_RUNS + 1; run += 1) {
    const started = performance.now();
    forecastBalance({ history, openingBalance: 5_000_000, horizon: 365 });
    times.push(performance.now() - started);
  }
  const [first = Number.NaN, ...warm] = times;
  console.log('Speed: one account, 3 years of history, 365-day forecast (target < 200 ms).');
  console.table([
    {
      movements: history.length,
      'first run ms': round(first, 1),
      'min ms': round(Math.min(...warm), 1),
      'median ms': round(median(warm), 1),
      'max ms': round(Math.max(...warm), 1),
    },
  ]);
}

runSpeed();
await runBacktest();
