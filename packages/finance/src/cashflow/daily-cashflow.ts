import type { DailyAmount } from '../types.js';
import { formatIsoDay, parseIsoDay } from './dates.js';
import { CashflowError } from './errors.js';
import { assertCents, readMovements, sumByDay } from './movements.js';

/**
 * Spec "Cashflow row", in cents. The expense is a positive magnitude:
 * `cashflow_balance` = previous balance + `cashflow_income` − `cashflow_expense`.
 */
export type CashflowRow = {
  cashflow_date: string;
  cashflow_income: number;
  cashflow_expense: number;
  cashflow_balance: number;
};

/** Spec "Weekly aggregate": the sums of a bucket and the balance at its last day. */
export type WeeklyCashflow = {
  startDate: string;
  endDate: string;
  income: number;
  expense: number;
  balance: number;
};

export type CashflowAccount = {
  /** Signed movements (money in positive); several per day and any order accepted. */
  amounts: readonly DailyAmount[];
  /** The balance before the account's earliest movement. */
  openingBalance: number;
};

export type BuildDailyCashflowOptions = {
  /** One or several accounts; their movements and balances are summed. */
  accounts: readonly CashflowAccount[];
  /** First day of the rows (default: the earliest movement); earlier movements go into its balance. */
  from?: string;
  /** Last day of the rows (default: the latest movement); later movements are left out. */
  to?: string;
};

/** One row per day from `from` to `to`, days without movements included with zero amounts. */
export function buildDailyCashflow(options: BuildDailyCashflowOptions): CashflowRow[] {
  let openingBalance = 0;
  const movements = options.accounts.flatMap((account, index) => {
    assertCents(account.openingBalance, `accounts[${index}].openingBalance`);
    openingBalance += account.openingBalance;
    return readMovements(account.amounts, `accounts[${index}].amounts`);
  });
  movements.sort((a, b) => a.day - b.day);

  const firstDay =
    options.from === undefined ? movements[0]?.day : parseIsoDay(options.from, 'from');
  const lastDay = options.to === undefined ? movements.at(-1)?.day : parseIsoDay(options.to, 'to');
  if (firstDay === undefined || lastDay === undefined) return [];
  if (lastDay < firstDay) {
    throw new CashflowError('INVALID_DATE', `from (${formatIsoDay(firstDay)}) is after to`);
  }

  let balance = openingBalance;
  for (const movement of movements) if (movement.day < firstDay) balance += movement.amount;

  const length = lastDay - firstDay + 1;
  const { income, expense } = sumByDay(movements, firstDay, length);
  const rows: CashflowRow[] = [];
  for (let index = 0; index < length; index += 1) {
    const dayIncome = income[index] ?? 0;
    const dayExpense = expense[index] ?? 0;
    balance += dayIncome - dayExpense;
    rows.push({
      cashflow_date: formatIsoDay(firstDay + index),
      cashflow_income: dayIncome,
      cashflow_expense: dayExpense,
      cashflow_balance: balance,
    });
  }
  return rows;
}

/**
 * Weekly buckets (spec §9): a bucket starts at its first row's date and ends 6 days later; a
 * row beyond that starts the next bucket. `endDate` is the bucket's last row, so a trailing
 * partial week does not claim days it has no data for.
 */
export function aggregateWeekly(rows: readonly CashflowRow[]): WeeklyCashflow[] {
  const sorted = rows
    .map((row) => ({ row, day: parseIsoDay(row.cashflow_date, 'cashflow_date') }))
    .sort((a, b) => a.day - b.day);
  const buckets: WeeklyCashflow[] = [];
  let bucketEndDay = Number.NEGATIVE_INFINITY;
  let bucket: WeeklyCashflow | undefined;
  for (const { row, day } of sorted) {
    if (bucket === undefined || day > bucketEndDay) {
      bucketEndDay = day + 6;
      bucket = {
        startDate: row.cashflow_date,
        endDate: row.cashflow_date,
        income: 0,
        expense: 0,
        balance: 0,
      };
      buckets.push(bucket);
    }
    bucket.endDate = row.cashflow_date;
    bucket.income += row.cashflow_income;
    bucket.expense += row.cashflow_expense;
    bucket.balance = row.cashflow_balance;
  }
  return buckets;
}
