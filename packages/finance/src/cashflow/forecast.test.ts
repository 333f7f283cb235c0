import { createRandom } from '@app/engine-kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DailyAmount } from '../types.js';
import { civilFromDay, daysInMonth, formatIsoDay, parseIsoDay, weekdayOf } from './dates.js';
import { CashflowError } from './errors.js';
import {
  FORECAST_HORIZONS,
  forecastBalance,
  widenBound,
  type ForecastBalanceOptions,
  type ForecastRow,
} from './forecast.js';

/**
 * A shop's account: takings on most days and small costs, plus a monthly payroll on
 * `payrollDay` (or the month's last day when the month is shorter).
 */
function shopHistory(options: { from: string; to: string; payrollDay: number }): DailyAmount[] {
  return buildHistory({ ...options, seed: 42 }, (day, random) => {
    const { year, month, day: dayOfMonth } = civilFromDay(day);
    const amounts = [
      Math.round(30_000 + random() * 40_000),
      -Math.round(2_000 + random() * 20_000),
    ];
    if (dayOfMonth === Math.min(options.payrollDay, daysInMonth(year, month))) {
      amounts.push(-1_200_000);
    }
    return amounts;
  });
}

/** Daily amounts from `from` to `to`, those of each day given by `amountsOn`. */
function buildHistory(
  options: { from: string; to: string; seed: number },
  amountsOn: (day: number, random: () => number) => number[],
): DailyAmount[] {
  const random = createRandom(options.seed).uniform;
  const amounts: DailyAmount[] = [];
  for (
    let day = parseIsoDay(options.from, 'from');
    day <= parseIsoDay(options.to, 'to');
    day += 1
  ) {
    const date = formatIsoDay(day);
    for (const amount of amountsOn(day, random)) amounts.push({ date, amount });
  }
  return amounts;
}

function dailyChanges(rows: readonly ForecastRow[], startBalance: number): Map<string, number> {
  let previous = startBalance;
  return new Map(
    rows.map((row) => {
      const change = row.balance - previous;
      previous = row.balance;
      return [row.date, change];
    }),
  );
}

/** The date of the largest fall (or rise) of the balance in each month of the forecast. */
function biggestMovePerMonth(
  rows: readonly ForecastRow[],
  startBalance: number,
  direction: 'fall' | 'rise' = 'fall',
): string[] {
  const sign = direction === 'fall' ? 1 : -1;
  const moves = new Map<string, { date: string; change: number }>();
  for (const [date, change] of dailyChanges(rows, startBalance)) {
    const month = date.slice(0, 7);
    const current = moves.get(month);
    if (current === undefined || sign * change < current.change) {
      moves.set(month, { date, change: sign * change });
    }
  }
  return [...moves.values()].map((move) => move.date);
}

function errorCode(options: ForecastBalanceOptions): string {
  try {
    forecastBalance(options);
    return 'accepted';
  } catch (error) {
    return error instanceof CashflowError ? error.code : 'other error';
  }
}

const SHOP_END = '2024-06-30';
const SHOP = shopHistory({ from: '2023-01-01', to: SHOP_END, payrollDay: 31 });

describe('forecastBalance', () => {
  it('pays a payroll due on the 31st on the last day of every month, short months included', () => {
    const rows = forecastBalance({ history: SHOP, horizon: 365 });
    const endBalance = SHOP.reduce((sum, entry) => sum + entry.amount, 0);
    expect(biggestMovePerMonth(rows, endBalance).slice(0, 12)).toEqual([
      '2024-07-31',
      '2024-08-31',
      '2024-09-30',
      '2024-10-31',
      '2024-11-30',
      '2024-12-31',
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
    ]);
    expect(dailyChanges(rows, endBalance).get('2025-02-28')).toBeLessThan(-1_000_000);
  });

  it('pays a payroll due on the 30th on the 30th, and on the 28th in February', () => {
    const history = shopHistory({ from: '2023-01-01', to: '2024-06-30', payrollDay: 30 });
    const endBalance = history.reduce((sum, entry) => sum + entry.amount, 0);
    const rows = forecastBalance({ history, horizon: 365 });
    const falls = biggestMovePerMonth(rows, endBalance);
    expect(falls).toContain('2024-07-30');
    expect(falls).toContain('2025-01-30');
    expect(falls).toContain('2025-02-28');
    expect(falls).not.toContain('2024-07-31');
  });

  it("does not pay again a payroll that came three days early: due on the 20th, June's on the 17th", () => {
    const history = buildHistory(
      { from: '2023-01-01', to: '2024-06-18', seed: 42 },
      (day, random) => {
        const { month, year, day: dayOfMonth } = civilFromDay(day);
        const payday = year === 2024 && month === 6 ? 17 : 20;
        return [
          Math.round(30_000 + random() * 40_000),
          -Math.round(2_000 + random() * 20_000),
          ...(dayOfMonth === payday ? [-1_200_000] : []),
        ];
      },
    );
    const endBalance = history.reduce((sum, entry) => sum + entry.amount, 0);
    const changes = dailyChanges(forecastBalance({ history, horizon: 60 }), endBalance);
    expect(changes.get('2024-06-20')).toBeGreaterThan(-300_000);
    expect(changes.get('2024-07-20')).toBeLessThan(-1_000_000);
  });

  it('expects a standing order seen only twice (set up two months before the end) on its day', () => {
    const rent = [
      { date: '2024-05-05', amount: -300_000 },
      { date: '2024-06-05', amount: -300_000 },
    ];
    const history = [...SHOP, ...rent];
    const endBalance = history.reduce((sum, entry) => sum + entry.amount, 0);
    const changes = dailyChanges(forecastBalance({ history, horizon: 90 }), endBalance);
    // The structural path pays it whole; the day-of-month path, blended in, has seen it twice.
    for (const date of ['2024-07-05', '2024-08-05', '2024-09-05']) {
      expect(changes.get(date)).toBeLessThan(-80_000);
    }
  });

  it('keeps a weekly pattern: takings on weekdays, costs every day', () => {
    const history = buildHistory(
      { from: '2023-01-02', to: '2023-12-31', seed: 7 },
      (day, random) => [
        ...(weekdayOf(day) < 5 ? [Math.round(20_000 + random() * 10_000)] : []),
        -Math.round(12_000 + random() * 10_000),
      ],
    );
    const rows = forecastBalance({ history, horizon: 60 });
    const endBalance = history.reduce((sum, entry) => sum + entry.amount, 0);
    const changes = [...dailyChanges(rows, endBalance)];
    const weekdays = changes.filter(([date]) => weekdayOf(parseIsoDay(date, 'd')) < 5);
    const weekends = changes.filter(([date]) => weekdayOf(parseIsoDay(date, 'd')) >= 5);
    const lowestWeekday = Math.min(...weekdays.map(([, change]) => change));
    const highestWeekend = Math.max(...weekends.map(([, change]) => change));
    expect(lowestWeekday).toBeGreaterThan(0);
    expect(highestWeekend).toBeLessThan(0);
    expect(lowestWeekday - highestWeekend).toBeGreaterThan(15_000);
  });

  it('keeps a day-of-month habit that is no recurring series: pay of varying size on the 10th', () => {
    const history = buildHistory(
      { from: '2023-01-01', to: '2024-06-30', seed: 11 },
      (day, random) => [
        // From a third to five thirds of 300 000: too uneven for an active recurring series.
        ...(civilFromDay(day).day === 10 ? [Math.round(100_000 + random() * 400_000)] : []),
        -Math.round(3_000 + random() * 10_000),
      ],
    );
    const rows = forecastBalance({ history, horizon: 365 });
    const endBalance = history.reduce((sum, entry) => sum + entry.amount, 0);
    const days = biggestMovePerMonth(rows, endBalance, 'rise')
      .slice(0, 12)
      .map((date) => date.slice(8));
    expect(days).toEqual(Array.from({ length: 12 }, () => '10'));
  });

  it('expects a recent deposit far above the usual takings to be spent, not carried forward', () => {
    const deposit = 5_000_000;
    const withDeposit = [
      ...SHOP,
      { date: formatIsoDay(parseIsoDay(SHOP_END, 'end') - 10), amount: deposit },
    ];
    const plain = forecastBalance({ history: SHOP, horizon: 90, endDate: SHOP_END });
    const rows = forecastBalance({ history: withDeposit, horizon: 90, endDate: SHOP_END });
    // Most of it has left within three months; carried forward, nearly all of it stayed.
    expect(rows.at(-1)!.balance - plain.at(-1)!.balance).toBeLessThan(0.4 * deposit);
    expect(rows.at(-1)!.balance - plain.at(-1)!.balance).toBeGreaterThan(0);
  });

  it('keeps the balance inside a 90 % interval that widens with the horizon', () => {
    const rows = forecastBalance({ history: SHOP, horizon: 365 });
    let previousWidth = 0;
    for (const row of rows) {
      expect(row.pred05).toBeLessThanOrEqual(row.balance);
      expect(row.balance).toBeLessThanOrEqual(row.pred95);
      expect(row.pred95 - row.pred05).toBeGreaterThanOrEqual(previousWidth);
      previousWidth = row.pred95 - row.pred05;
    }
    const first = rows[0]!;
    const last = rows.at(-1)!;
    expect(last.pred95 - last.pred05).toBeGreaterThan(2 * (first.pred95 - first.pred05));
  });

  it('widens the day bounds by 2 % of their size (spec §9)', () => {
    for (const row of forecastBalance({ history: SHOP, horizon: 90 })) {
      expect(row.balance_day_min).toBe(widenBound(row.pred05, 'min'));
      expect(row.balance_day_max).toBe(widenBound(row.pred95, 'max'));
      expect(row.incomes_day_min).toBeLessThanOrEqual(row.incomes_day_max);
      expect(row.expenses_day_min).toBeLessThanOrEqual(row.expenses_day_max);
    }
    expect([
      widenBound(10_000, 'min'),
      widenBound(10_000, 'max'),
      widenBound(-10_000, 'min'),
      widenBound(-10_000, 'max'),
      widenBound(0, 'min'),
    ]).toEqual([9_800, 10_200, -10_200, -9_800, 0]);
  });

  it('shows the payroll in the day range of expenses on its day', () => {
    const rows = forecastBalance({ history: SHOP, horizon: 60 });
    const payday = rows.find((row) => row.date === '2024-07-31')!;
    const otherDay = rows.find((row) => row.date === '2024-07-15')!;
    expect(payday.expenses_day_min).toBeGreaterThan(1_100_000);
    expect(otherDay.expenses_day_max).toBeLessThan(100_000);
    expect(otherDay.incomes_day_min).toBeGreaterThan(0);
  });

  it('holds its invariants on arbitrary histories', () => {
    const entry = fc.record({
      offset: fc.integer({ min: 0, max: 400 }),
      amount: fc.integer({ min: -500_000, max: 500_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 120 }),
        fc.constantFrom(...FORECAST_HORIZONS),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (entries, horizon, openingBalance) => {
          const start = parseIsoDay('2022-01-01', 'start');
          const history = entries.map(({ offset, amount }) => ({
            date: formatIsoDay(start + offset),
            amount,
          }));
          const rows = forecastBalance({
            history,
            horizon,
            openingBalance,
            endDate: formatIsoDay(start + 430),
          });
          expect(rows).toHaveLength(horizon);
          let previousWidth = 0;
          for (const row of rows) {
            for (const value of Object.values(row)) {
              if (typeof value === 'number') expect(Number.isInteger(value)).toBe(true);
            }
            expect(row.balance_day_min).toBeLessThanOrEqual(row.pred05);
            expect(row.pred05).toBeLessThanOrEqual(row.balance);
            expect(row.balance).toBeLessThanOrEqual(row.pred95);
            expect(row.pred95).toBeLessThanOrEqual(row.balance_day_max);
            expect(row.pred95 - row.pred05).toBeGreaterThanOrEqual(previousWidth);
            expect(row.incomes_day_min).toBeGreaterThanOrEqual(0);
            expect(row.incomes_day_min).toBeLessThanOrEqual(row.incomes_day_max);
            expect(row.expenses_day_min).toBeGreaterThanOrEqual(0);
            expect(row.expenses_day_min).toBeLessThanOrEqual(row.expenses_day_max);
            previousWidth = row.pred95 - row.pred05;
          }
        },
      ),
      { numRuns: 40, seed: 20_240_101 },
    );
  });

  it('forecasts each allowed horizon from the day after the end date', () => {
    const history = [{ date: '2024-01-01', amount: 5_000 }];
    for (const horizon of FORECAST_HORIZONS) {
      const rows = forecastBalance({ history, horizon, endDate: '2024-03-31' });
      expect(rows).toHaveLength(horizon);
      expect(rows[0]?.date).toBe('2024-04-01');
      expect(rows.at(-1)?.date).toBe(formatIsoDay(parseIsoDay('2024-03-31', 'end') + horizon));
    }
  });

  it('refuses any other horizon', () => {
    const history = SHOP.slice(0, 200);
    expect(
      [0, -30, 7, 45, 100, 366, 30.5].map((horizon) => errorCode({ history, horizon })),
    ).toEqual(Array.from({ length: 7 }, () => 'INVALID_HORIZON'));
  });

  it('refuses an empty history, one shorter than 30 days and bad input', () => {
    const month = [
      { date: '2024-01-01', amount: 100 },
      { date: '2024-01-30', amount: -50 },
    ];
    expect([
      errorCode({ history: [], horizon: 30 }),
      errorCode({ history: [{ date: '2024-01-01', amount: 100 }], horizon: 30 }),
      errorCode({ history: month.slice(0, 1), horizon: 30, endDate: '2024-01-29' }),
      errorCode({ history: month, horizon: 30 }),
      errorCode({ history: month, horizon: 30, endDate: '2024-01-29' }),
      errorCode({ history: [{ date: '2024-13-01', amount: 1 }, ...month], horizon: 30 }),
      errorCode({ history: [{ date: '2024-01-02', amount: 0.5 }, ...month], horizon: 30 }),
      errorCode({ history: month, horizon: 30, openingBalance: Number.NaN }),
    ]).toEqual([
      'EMPTY_HISTORY',
      'SHORT_HISTORY',
      'SHORT_HISTORY',
      'accepted',
      'INVALID_DATE',
      'INVALID_DATE',
      'INVALID_AMOUNT',
      'INVALID_AMOUNT',
    ]);
  });

  it('gives the same forecast for unsorted movements and for several movements on one date', () => {
    const history = SHOP.slice(0, 400);
    const shuffled = [...history].sort((a, b) => (a.amount % 7) - (b.amount % 7));
    expect(forecastBalance({ history: shuffled, horizon: 30 })).toEqual(
      forecastBalance({ history, horizon: 30 }),
    );
    const merged = [
      { date: '2024-01-01', amount: 3_000 },
      { date: '2024-02-15', amount: -1_000 },
    ];
    const split = [
      { date: '2024-02-15', amount: -400 },
      { date: '2024-01-01', amount: 1_000 },
      { date: '2024-02-15', amount: -600 },
      { date: '2024-01-01', amount: 2_000 },
    ];
    expect(forecastBalance({ history: split, horizon: 30 })).toEqual(
      forecastBalance({ history: merged, horizon: 30 }),
    );
  });

  it('starts from the opening balance plus every movement', () => {
    const history = SHOP.slice(0, 400);
    const withoutOpening = forecastBalance({ history, horizon: 30 });
    const withOpening = forecastBalance({ history, horizon: 30, openingBalance: 1_000_000 });
    withOpening.forEach((row, index) => {
      const reference = withoutOpening[index]!;
      expect(row.balance - reference.balance).toBe(1_000_000);
      expect(row.pred05 - reference.pred05).toBe(1_000_000);
      expect(row.pred95 - reference.pred95).toBe(1_000_000);
    });
  });
});
