import { createRandom } from '@app/engine-kit';
import type { DailyAmount } from '../../src/types.js';
import {
  civilFromDay,
  daysInMonth,
  formatIsoDay,
  parseIsoDay,
  weekdayOf,
} from '../../src/cashflow/dates.js';

/**
 * A small business account: card sales every day (fewer at weekends), supplier payments,
 * monthly payroll on the last day, rent on the 1st, weekly cleaning, quarterly VAT — about
 * ten movements a day.
 */
export function generateBusinessAccount(options: {
  from: string;
  days: number;
  seed: number;
}): DailyAmount[] {
  const random = createRandom(options.seed).uniform;
  const firstDay = parseIsoDay(options.from, 'from');
  const amounts: DailyAmount[] = [];
  for (let index = 0; index < options.days; index += 1) {
    const day = firstDay + index;
    const date = formatIsoDay(day);
    const weekday = weekdayOf(day);
    const civil = civilFromDay(day);
    const sales = weekday >= 5 ? 3 : 7;
    for (let sale = 0; sale < sales; sale += 1) {
      amounts.push({ date, amount: Math.round(2_000 + random() * 18_000) });
    }
    if (random() < 0.3) amounts.push({ date, amount: -Math.round(5_000 + random() * 60_000) });
    if (civil.day === daysInMonth(civil.year, civil.month))
      amounts.push({ date, amount: -1_250_000 });
    if (civil.day === 1) amounts.push({ date, amount: -180_000 });
    if (weekday === 4) amounts.push({ date, amount: -9_500 });
    if (civil.day === 20 && civil.month % 3 === 1) {
      amounts.push({ date, amount: -Math.round(300_000 + random() * 100_000) });
    }
  }
  return amounts;
}
