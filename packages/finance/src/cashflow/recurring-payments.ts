import type { DailyAmount, Transaction } from '../types.js';
import { formatIsoDay, parseIsoDay } from './dates.js';
import { readMovements } from './movements.js';
import { detectRecurring, listOccurrences, type Schedule } from './recurring.js';

export type RecurringCadence = 'weekly' | 'biweekly' | 'monthly' | 'quarterly' | 'yearly';

/** A payment or income that repeats, as a person would list it. */
export type RecurringPayment = {
  cadence: RecurringCadence;
  /** Signed cents expected next time (money out is negative). */
  amount: number;
  /** ISO date of the next occurrence after the end of the history. */
  nextDate: string;
  /** ISO date of the last occurrence seen. */
  lastDate: string;
  /** How many times it was seen. */
  occurrences: number;
  /** The description it most often had; only when the history has descriptions. */
  description?: string;
};

/** A day's amount (with a description if there is one) or a transaction of a statement. */
export type RecurringPaymentInput = (DailyAmount & { description?: string }) | Transaction;

// Far enough ahead to reach the next occurrence of a yearly series, weekend roll included.
const LOOKAHEAD_DAYS = 400;

/** The cadence of a detected schedule in words. */
export function describeCadence(schedule: Schedule): RecurringCadence {
  if (schedule.unit === 'day') return schedule.step < 14 ? 'weekly' : 'biweekly';
  if (schedule.step < 3) return 'monthly';
  return schedule.step < 12 ? 'quarterly' : 'yearly';
}

function toEntry(input: RecurringPaymentInput): DailyAmount & { description?: string } {
  if ('txAmount' in input) {
    return {
      date: input.txValueDate || input.txOperationDate,
      amount: input.txAmount,
      description: input.txDescription,
    };
  }
  return input;
}

/** The description most members share; the latest one wins a tie. */
function commonDescription(descriptions: readonly (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  let best: string | undefined;
  for (const description of descriptions) {
    if (description === undefined || description === '') continue;
    const count = (counts.get(description) ?? 0) + 1;
    counts.set(description, count);
    if (best === undefined || count >= (counts.get(best) ?? 0)) best = description;
  }
  return best;
}

/**
 * The recurring payments and incomes of an account's history up to `endDate` (ISO, included):
 * weekly, fortnightly, monthly, quarterly or yearly movements of a similar amount. Takes daily
 * amounts (one or several per day) or the transactions of a statement, in any order. Series
 * that stopped before `endDate` are left out; the rest come by next date.
 */
export function findRecurringPayments(
  history: readonly RecurringPaymentInput[],
  endDate: string,
): RecurringPayment[] {
  const endDay = parseIsoDay(endDate, 'endDate');
  // Sorted here so that the movements, which readMovements sorts stably, keep these indexes.
  const entries = history
    .map(toEntry)
    .filter((entry) => entry.date <= endDate)
    // ISO dates sort as text; `<` instead of localeCompare, which was a tenth of the search.
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const movements = readMovements(entries, 'history');
  return detectRecurring(movements, endDay)
    .filter((series) => series.isActive)
    .flatMap((series): RecurringPayment[] => {
      const next = listOccurrences(series, endDay + 1, endDay + LOOKAHEAD_DAYS)[0];
      if (next === undefined) return [];
      const description = commonDescription(
        series.members.map((index) => entries[index]?.description),
      );
      return [
        {
          cadence: describeCadence(series.schedule),
          amount: series.amount,
          nextDate: formatIsoDay(next),
          lastDate: formatIsoDay(series.lastDay),
          occurrences: series.members.length,
          ...(description === undefined ? {} : { description }),
        },
      ];
    })
    .sort((a, b) => a.nextDate.localeCompare(b.nextDate) || a.amount - b.amount);
}
