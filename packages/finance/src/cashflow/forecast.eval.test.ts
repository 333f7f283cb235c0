import { describe, expect, it } from 'vitest';
import {
  buildBerkaOrigins,
  forecastOrigin,
  naiveForecast,
  scoreForecast,
} from '../../bench/forecast/backtest.js';

/** Gain over carrying today's balance forward, and the 90 % interval's coverage. */
function measureHeldOut(horizon: number): { gain: number; coverage: number } {
  const origins = buildBerkaOrigins().filter(
    (origin) => origin.series.split === 'test' && origin.horizons.includes(horizon),
  );
  let ours = 0;
  let naive = 0;
  let covered = 0;
  let points = 0;
  for (const origin of origins) {
    const score = scoreForecast(origin, forecastOrigin(origin, horizon), horizon);
    ours += score.mase;
    covered += score.covered;
    points += score.points;
    naive += scoreForecast(origin, naiveForecast(origin, horizon), horizon).mase;
  }
  return { gain: 1 - ours / naive, coverage: covered / points };
}

// The full table comes from `npx tsx packages/finance/bench/forecast.ts`; these floors sit
// just under its held-out figures (27.8 % and 19.8 % better than naive), to catch a regression.
describe('forecastBalance on the held-out Berka accounts', () => {
  it.each([
    { horizon: 30, floor: 0.27 },
    { horizon: 90, floor: 0.19 },
  ])(
    'beats the naive forecast by $floor at $horizon days, 90 % interval covering 85–95 %',
    ({ horizon, floor }) => {
      const { gain, coverage } = measureHeldOut(horizon);
      expect(gain).toBeGreaterThan(floor);
      expect(coverage).toBeGreaterThan(0.85);
      expect(coverage).toBeLessThan(0.95);
    },
  );
});
