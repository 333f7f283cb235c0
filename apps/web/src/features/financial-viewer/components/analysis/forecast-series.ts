import type { TCashflowRow, TForecastRow } from '@app/contracts/financial-viewer';
import { lastMonths } from './chart-format';

/** One day of the forecast charts: history on the left of "today", the estimation on its right. */
export type ForecastPoint = {
  date: string;
  history?: number;
  incomeHistory?: number;
  expenseHistory?: number;
  forecast?: number;
  /** The 90 % prediction interval (pred05–pred95). */
  interval?: [number, number];
  balanceRange?: [number, number];
  incomeRange?: [number, number];
  expenseRange?: [number, number];
};

/**
 * The last 6 months of history then the forecast; the last real day also starts the estimated
 * series, so both lines meet at "today".
 */
export function buildForecastSeries(history: TCashflowRow[], rows: TForecastRow[]) {
  const sortedHistory = lastMonths(
    [...history].sort((a, b) => a.cashflow_date.localeCompare(b.cashflow_date)),
    (row) => row.cashflow_date,
  );
  const points: ForecastPoint[] = sortedHistory.map((row) => ({
    date: row.cashflow_date,
    history: row.cashflow_balance,
    incomeHistory: row.cashflow_income,
    expenseHistory: row.cashflow_expense,
  }));
  const last = points.at(-1);
  if (last?.history !== undefined && rows.length > 0) {
    last.forecast = last.history;
    last.interval = [last.history, last.history];
    last.balanceRange = [last.history, last.history];
  }
  for (const row of [...rows].sort((a, b) => a.date.localeCompare(b.date))) {
    if (last !== undefined && row.date <= last.date) continue;
    points.push({
      date: row.date,
      forecast: row.balance,
      interval: [row.pred05, row.pred95],
      balanceRange: [row.balance_day_min, row.balance_day_max],
      incomeRange: [row.incomes_day_min, row.incomes_day_max],
      expenseRange: [row.expenses_day_min, row.expenses_day_max],
    });
  }
  return { points, today: last?.date ?? rows[0]?.date };
}
