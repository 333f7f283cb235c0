/**
 * The Financial Viewer's work for the CPU pool's worker threads (`platform/cpu/tasks.ts`):
 * plain data in and out.
 */
import type { TExchangeRates } from '@app/contracts/financial-viewer';
import { findRecurringPayments, type RecurringPayment } from '@app/finance';
import { toEuroCents } from '../../platform/exchange-rates.js';
import type { MovementTuple } from './repository.js';

/**
 * The recurring payments of a selection's transactions up to `endDate` (the forecast's list),
 * in euros at `rates`: two years of a team with 100,000 of them took about half a second.
 * `movements` is the JSON text `findMovementsBetween` reads.
 */
export function listRecurringPayments(input: {
  movements: string;
  rates: TExchangeRates;
  endDate: string;
}): RecurringPayment[] {
  const movements = JSON.parse(input.movements) as MovementTuple[];
  const history = movements.map(([account, date, amount, description, currency]) => ({
    account,
    date,
    amount: toEuroCents(amount, currency, input.rates),
    description,
  }));
  return findRecurringPayments(history, input.endDate);
}
