import type { DailyAmount, Transaction } from '../types.js';
import { formatIsoDay, parseIsoDay } from './dates.js';
import { readMovements, type Movement } from './movements.js';
import { findOwnTransfers } from './own-transfers.js';
import {
  detectRecurring,
  listOccurrences,
  type DetectRecurringOptions,
  type RecurringSeries,
  type Schedule,
} from './recurring.js';

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

/** A day's amount, with a description if there is one, and its account in a history of several. */
type Entry = DailyAmount & { description?: string; account?: string };

/** An entry, or a transaction of a statement. */
export type RecurringPaymentInput = Entry | Transaction;

// Far enough ahead to reach the next occurrence of a yearly series, weekend roll included.
const LOOKAHEAD_DAYS = 400;

/** The cadence of a detected schedule in words. */
export function describeCadence(schedule: Schedule): RecurringCadence {
  if (schedule.unit === 'day') return schedule.step < 14 ? 'weekly' : 'biweekly';
  if (schedule.step < 3) return 'monthly';
  return schedule.step < 12 ? 'quarterly' : 'yearly';
}

function toEntry(input: RecurringPaymentInput): Entry {
  if ('txAmount' in input) {
    return {
      date: input.txValueDate || input.txOperationDate,
      amount: input.txAmount,
      description: input.txDescription,
    };
  }
  return input;
}

/** Month names, which a bank writes into the text of a monthly payment ("NOMINAS OCTUBRE"). */
const MONTH_WORDS = new Set(
  [
    'ENERO FEBRERO MARZO ABRIL MAYO JUNIO JULIO AGOSTO SEPTIEMBRE SETIEMBRE OCTUBRE NOVIEMBRE',
    'DICIEMBRE ENE FEB MAR ABR MAY JUN JUL AGO SEP SEPT OCT NOV DIC JANUARY FEBRUARY MARCH',
    'APRIL JUNE JULY AUGUST SEPTEMBER OCTOBER NOVEMBER DECEMBER JAN APR AUG DEC',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Among one payee's movements, how far the amounts of a series may stray (by amount alone,
 * 20 %): the quarterly income tax withheld moves by a third from one quarter to the next.
 */
const PAYEE_AMOUNT_TOLERANCE = 0.5;

/** The closest two occurrences of a series can be: a weekly one a day early, then late. */
const MIN_SERIES_SPACING_DAYS = 6;

/**
 * Who a movement is paid to or from, as the letters of its description without month names:
 * every month's "RECIBO ALQUILER LOCAL … 4" and "PAGO NOMINAS OCTUBRE 2026" share theirs.
 * Empty when nothing is left.
 */
function payeeKey(description: string | undefined): string {
  if (description === undefined) return '';
  // Runs of letters: a split is several times cheaper than the categoriser's normalisation,
  // and only has to give one payee's texts one key.
  return description
    .toUpperCase()
    .split(/[^A-Z\u00C0-\u00FF]+/)
    .filter((word) => word !== '' && !MONTH_WORDS.has(word))
    .join(' ');
}

/**
 * The series among `indexes` (into `movements`, by day) with their members as those indexes.
 */
function detectAmong(
  movements: readonly Movement[],
  indexes: readonly number[],
  endDay: number,
  options?: DetectRecurringOptions,
): RecurringSeries[] {
  const subset = indexes.map((index) => movements[index] ?? { day: endDay, amount: 0 });
  return detectRecurring(subset, endDay, options).map((series) => ({
    ...series,
    members: series.members.map((member) => indexes[member] ?? member),
  }));
}

/**
 * Series of one payee first, then among the movements left: by amount alone, a rent of
 * 2.318,17 € every month looks like chance among supplier payments of 1.900–2.800 €, or takes
 * some of them in. A payee whose text changes every time is still found in the second pass.
 */
function detectByPayee(
  movements: readonly Movement[],
  payees: readonly string[],
  endDay: number,
): RecurringSeries[] {
  const byPayee = new Map<string, number[]>();
  payees.forEach((key, index) => {
    if (key === '') return;
    const group = byPayee.get(key) ?? [];
    group.push(index);
    byPayee.set(key, group);
  });
  // A payee seen more often than weekly (a supermarket) is a flow, not a series: left to
  // the second pass, which also keeps such flows from costing a scan each.
  const days = endDay - (movements[0]?.day ?? endDay) + 1;
  const found = [...byPayee.values()]
    .filter((group) => group.length >= 2 && group.length <= days / MIN_SERIES_SPACING_DAYS + 1)
    .flatMap((group) =>
      detectAmong(movements, group, endDay, { amountTolerance: PAYEE_AMOUNT_TOLERANCE }),
    );
  const isMember = new Uint8Array(movements.length);
  for (const series of found) for (const index of series.members) isMember[index] = 1;
  const rest = movements.flatMap((_, index) => (isMember[index] === 1 ? [] : [index]));
  return [...found, ...detectAmong(movements, rest, endDay)];
}

/**
 * The latest description of the payee most of `members` share (their `payees`, or the whole
 * text where that is empty); the latest payee wins a tie. Quarterly tax payments each name
 * their quarter ("… 3T 2026") and still share one payee.
 */
function commonDescription(
  members: readonly number[],
  entries: readonly { description?: string }[],
  payees: readonly string[],
): string | undefined {
  const counts = new Map<string, number>();
  const latest = new Map<string, string>();
  let best: string | undefined;
  for (const index of members) {
    const description = entries[index]?.description;
    if (description === undefined || description === '') continue;
    const key = payees[index] || description;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    latest.set(key, description);
    if (best === undefined || count >= (counts.get(best) ?? 0)) best = key;
  }
  return best === undefined ? undefined : latest.get(best);
}

function hasAccount(entry: Entry): entry is Entry & { account: string } {
  return entry.account !== undefined;
}

/** The entries less the transfers between their accounts (`findOwnTransfers`), if they name several. */
function withoutOwnTransfers(entries: Entry[]): Entry[] {
  if (!entries.every(hasAccount)) return entries;
  if (new Set(entries.map((entry) => entry.account)).size < 2) return entries;
  const isTransfer = findOwnTransfers(entries);
  return entries.filter((_, index) => !isTransfer[index]);
}

/**
 * The recurring payments and incomes of an account's history up to `endDate` (ISO, included):
 * weekly, fortnightly, monthly, quarterly or yearly movements of a similar amount. Takes daily
 * amounts (one or several per day) or the transactions of a statement, in any order; where
 * they have descriptions, each payee's movements are searched on their own first. In the
 * history of several accounts, the transfers between them are left out: a card settled every
 * month from the checking account is neither a payment nor an income of the two together.
 * Series that stopped before `endDate` are left out; the rest come by next date.
 */
export function findRecurringPayments(
  history: readonly RecurringPaymentInput[],
  endDate: string,
): RecurringPayment[] {
  const endDay = parseIsoDay(endDate, 'endDate');
  // Sorted here so that the movements, which readMovements sorts stably, keep these indexes.
  const entries = withoutOwnTransfers(history.map(toEntry).filter((entry) => entry.date <= endDate))
    // ISO dates sort as text; `<` instead of localeCompare, which was a tenth of the search.
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const movements = readMovements(entries, 'history');
  const payees = entries.map((entry) => payeeKey(entry.description));
  return detectByPayee(movements, payees, endDay)
    .filter((series) => series.isActive)
    .flatMap((series): RecurringPayment[] => {
      const next = listOccurrences(series, endDay + 1, endDay + LOOKAHEAD_DAYS)[0];
      if (next === undefined) return [];
      const description = commonDescription(series.members, entries, payees);
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
