export {
  aggregateWeekly,
  buildDailyCashflow,
  type BuildDailyCashflowOptions,
  type CashflowAccount,
  type CashflowRow,
  type WeeklyCashflow,
} from './daily-cashflow.js';
export { CashflowError, type CashflowErrorCode } from './errors.js';
export {
  FORECAST_HORIZONS,
  MIN_HISTORY_DAYS,
  forecastBalance,
  isForecastHorizon,
  widenBound,
  type ForecastBalanceOptions,
  type ForecastHorizon,
  type ForecastRow,
} from './forecast.js';
export { toDailyAmounts } from './movements.js';
