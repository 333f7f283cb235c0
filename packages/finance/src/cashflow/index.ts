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
export { formatIsoDay, parseIsoDay } from './dates.js';
export { readMovements, toDailyAmounts, type Movement } from './movements.js';
export {
  detectRecurring,
  listOccurrences,
  type RecurringSeries,
  type Schedule,
} from './recurring.js';
export {
  describeCadence,
  findRecurringPayments,
  type RecurringCadence,
  type RecurringPayment,
  type RecurringPaymentInput,
} from './recurring-payments.js';
