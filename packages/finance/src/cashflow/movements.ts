import type { DailyAmount, Transaction } from '../types.js';
import { parseIsoDay } from './dates.js';
import { CashflowError } from './errors.js';

/** One signed movement in cents on a day number. */
export type Movement = { day: number; amount: number };

/** The daily amounts of transactions, dated by value date (the operation date when missing). */
export function toDailyAmounts(transactions: readonly Transaction[]): DailyAmount[] {
  return transactions.map((transaction) => ({
    date: transaction.txValueDate || transaction.txOperationDate,
    amount: transaction.txAmount,
  }));
}

export function assertCents(value: number, field: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new CashflowError('INVALID_AMOUNT', `${field}: ${value} is not a whole number of cents`);
  }
}

/** Validates daily amounts and returns them as movements sorted by day (any order and several per day accepted). */
export function readMovements(amounts: readonly DailyAmount[], field: string): Movement[] {
  const days = new Map<string, number>();
  const movements = amounts.map((entry, index) => {
    assertCents(entry.amount, `${field}[${index}].amount`);
    let day = days.get(entry.date);
    if (day === undefined) {
      day = parseIsoDay(entry.date, `${field}[${index}].date`);
      days.set(entry.date, day);
    }
    return { day, amount: entry.amount };
  });
  return movements.sort((a, b) => a.day - b.day);
}

export type DailyTotals = { income: Float64Array; expense: Float64Array };

/** Income and expense (as a positive magnitude) per day from `firstDay`, for `length` days. */
export function sumByDay(
  movements: readonly Movement[],
  firstDay: number,
  length: number,
): DailyTotals {
  const income = new Float64Array(length);
  const expense = new Float64Array(length);
  for (const { day, amount } of movements) {
    const index = day - firstDay;
    if (index < 0 || index >= length) continue;
    if (amount >= 0) income[index] = (income[index] ?? 0) + amount;
    else expense[index] = (expense[index] ?? 0) - amount;
  }
  return { income, expense };
}
