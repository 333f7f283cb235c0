import type { TCashflowRow, TForecastRow } from '@app/contracts/financial-viewer';
import { describe, expect, it } from 'vitest';
import { buildForecastSeries } from './forecast-series';

function day(date: string, balance: number): TCashflowRow {
  return {
    cashflow_date: date,
    cashflow_income: 100,
    cashflow_expense: 50,
    cashflow_balance: balance,
  };
}

function forecastRow(date: string, balance: number): TForecastRow {
  return {
    date,
    balance,
    balance_day_min: balance - 20,
    balance_day_max: balance + 20,
    incomes_day_min: 0,
    incomes_day_max: 10,
    expenses_day_min: 0,
    expenses_day_max: 5,
    pred05: balance - 10,
    pred95: balance + 10,
  };
}

describe('buildForecastSeries', () => {
  it('puts 6 months of history before the forecast, joined at today', () => {
    const { points, today } = buildForecastSeries(
      [day('2026-11-24', 500), day('2026-01-01', 1), day('2026-11-23', 400)],
      [forecastRow('2026-11-25', 450), forecastRow('2026-11-26', 420)],
    );
    expect(today).toBe('2026-11-24');
    expect(points.map((point) => point.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    expect(points[1]).toMatchObject({ history: 500, forecast: 500, interval: [500, 500] });
    expect(points[2]).toEqual({
      date: '2026-11-25',
      forecast: 450,
      interval: [440, 460],
      balanceRange: [430, 470],
      incomeRange: [0, 10],
      expenseRange: [0, 5],
    });
  });

  it('draws the forecast alone without history', () => {
    const { points, today } = buildForecastSeries([], [forecastRow('2026-11-25', 450)]);
    expect(today).toBe('2026-11-25');
    expect(points).toHaveLength(1);
  });
});
