/**
 * The Financial Viewer's work for the CPU pool's worker threads (`platform/cpu/tasks.ts`):
 * plain data in and out.
 */
import type { TExchangeRates } from '@app/contracts/financial-viewer';
import {
  createCategorizer,
  findRecurringPayments,
  type CategoryCorrections,
  type RecurringPayment,
} from '@app/finance';
import { toEuroCents } from '../../platform/exchange-rates.js';
import type { MovementTuple } from './repository.js';
import type { DescriptionCategory } from './transactions-repository.js';

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

export type CategorizedRows = { categoryIds: number[]; confidences: number[] };

/**
 * The categories of a statement's rows with a team's (valid) corrections. A description met
 * again in the same direction of money is answered from the first answer: the categoriser
 * reads only those two.
 */
export function categorizeRows(input: {
  corrections: CategoryCorrections;
  rows: { description: string; amount: number }[];
}): CategorizedRows {
  const categorizer = createCategorizer({ corrections: input.corrections });
  const answers = new Map<string, { categoryId: number; confidence: number }>();
  const result: CategorizedRows = { categoryIds: [], confidences: [] };
  for (const row of input.rows) {
    const key = `${row.amount > 0 ? '+' : '-'}${row.description}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = categorizer.categorize(row);
      answers.set(key, answer);
    }
    result.categoryIds.push(answer.categoryId);
    result.confidences.push(answer.confidence);
  }
  return result;
}

/**
 * The descriptions, of one direction of money, that the team's corrections now decide, with
 * the category they give: what "apply to similar" changes. `descriptions` is the JSON text
 * `findAutomaticDescriptions` reads.
 */
export function categorizeByCorrections(input: {
  corrections: CategoryCorrections;
  descriptions: string;
  isIncome: boolean;
}): DescriptionCategory[] {
  const categorizer = createCategorizer({ corrections: input.corrections });
  const amount = input.isIncome ? 1 : -1;
  return (JSON.parse(input.descriptions) as string[]).flatMap((description) => {
    const result = categorizer.categorize({ description, amount });
    return result.source === 'correction'
      ? [{ description, categoryId: result.categoryId, confidence: result.confidence }]
      : [];
  });
}
