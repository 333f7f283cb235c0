import { describe, expect, it } from 'vitest';
import type { DailyAmount } from '../types.js';
import { daysInMonth, formatIsoDay, parseIsoDay, weekdayOf } from './dates.js';
import { readMovements } from './movements.js';
import { detectRecurring, listOccurrences } from './recurring.js';

function eachDay(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = parseIsoDay(from, 'from'); day <= parseIsoDay(to, 'to'); day += 1) {
    dates.push(formatIsoDay(day));
  }
  return dates;
}

function monthly(options: {
  from: string;
  months: number;
  day: (year: number, month: number) => number;
  amount: number;
}): DailyAmount[] {
  const [startYear = 0, startMonth = 0] = options.from.split('-').map(Number);
  return Array.from({ length: options.months }, (_, index) => {
    const year = startYear + Math.floor((startMonth - 1 + index) / 12);
    const month = ((startMonth - 1 + index) % 12) + 1;
    const day = options.day(year, month);
    return {
      date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      amount: options.amount,
    };
  });
}

function detect(amounts: DailyAmount[], endDate: string) {
  const movements = readMovements(amounts, 'amounts');
  return { movements, series: detectRecurring(movements, parseIsoDay(endDate, 'end')) };
}

function occurrences(amounts: DailyAmount[], endDate: string, from: string, to: string) {
  const { series } = detect(amounts, endDate);
  return series
    .filter((item) => item.isActive)
    .flatMap((item) =>
      listOccurrences(item, parseIsoDay(from, 'from'), parseIsoDay(to, 'to')).map((day) => ({
        date: formatIsoDay(day),
        amount: item.amount,
      })),
    )
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** Card sales: several a day with scattered amounts, nothing recurring. */
function denseSales(from: string, to: string): DailyAmount[] {
  return eachDay(from, to).flatMap((date, dayIndex) =>
    Array.from({ length: 6 }, (_, sale) => ({
      date,
      amount: 2_000 + ((dayIndex * 7_919 + sale * 104_729) % 18_000),
    })),
  );
}

describe('detectRecurring', () => {
  it('places a payroll paid on the 31st on the last day of shorter months', () => {
    const payroll = monthly({
      from: '2023-01',
      months: 12,
      day: (year, month) => daysInMonth(year, month),
      amount: -300_000,
    });
    expect(occurrences(payroll, '2023-12-31', '2024-01-01', '2024-04-30')).toEqual([
      { date: '2024-01-31', amount: -300_000 },
      { date: '2024-02-29', amount: -300_000 },
      { date: '2024-03-31', amount: -300_000 },
      { date: '2024-04-30', amount: -300_000 },
    ]);
  });

  it('keeps a payment made on the 30th on the 30th, and on the last day of February', () => {
    const rent = monthly({
      from: '2023-01',
      months: 12,
      day: (year, month) => Math.min(30, daysInMonth(year, month)),
      amount: -90_000,
    });
    expect(
      occurrences(rent, '2023-12-31', '2024-01-01', '2024-03-31').map((entry) => entry.date),
    ).toEqual(['2024-01-30', '2024-02-29', '2024-03-30']);
  });

  it('finds weekly and quarterly series among dense irregular sales, and no series in the sales', () => {
    const cleaning = eachDay('2023-01-01', '2023-12-31')
      .filter((date) => weekdayOf(parseIsoDay(date, 'date')) === 4)
      .map((date) => ({ date, amount: -9_500 }));
    const taxes = ['2023-01-20', '2023-04-20', '2023-07-20', '2023-10-20'].map((date) => ({
      date,
      amount: -350_000,
    }));
    const amounts = [...denseSales('2023-01-01', '2023-12-31'), ...cleaning, ...taxes];
    const { series } = detect(amounts, '2023-12-31');
    expect(
      series.map((item) => ({
        unit: item.schedule.unit,
        step: item.schedule.step,
        amount: item.amount,
      })),
    ).toEqual([
      { unit: 'month', step: 3, amount: -350_000 },
      { unit: 'day', step: 7, amount: -9_500 },
    ]);
    expect(occurrences(amounts, '2023-12-31', '2024-01-01', '2024-04-30')).toContainEqual({
      date: '2024-04-20',
      amount: -350_000,
    });
  });

  it('marks a series that stopped before the end of the history as inactive', () => {
    const rent = monthly({ from: '2023-01', months: 6, day: () => 1, amount: -120_000 });
    const { series } = detect([...rent, { date: '2023-12-31', amount: 100 }], '2023-12-31');
    expect(series.map((item) => item.isActive)).toEqual([false]);
  });

  it('projects a monthly income once a month although two months were missed', () => {
    const income = monthly({ from: '2022-01', months: 24, day: () => 5, amount: 300_100 }).filter(
      (entry) => !entry.date.startsWith('2023-05') && !entry.date.startsWith('2023-06'),
    );
    expect(occurrences(income, '2023-12-31', '2024-01-01', '2024-03-31')).toEqual([
      { date: '2024-01-05', amount: 300_100 },
      { date: '2024-02-05', amount: 300_100 },
      { date: '2024-03-05', amount: 300_100 },
    ]);
  });

  it('keeps two identical standing orders on the same day as two series', () => {
    const order = monthly({ from: '2023-01', months: 12, day: () => 17, amount: -8_443 });
    expect(occurrences([...order, ...order], '2023-12-31', '2024-01-01', '2024-01-31')).toEqual([
      { date: '2024-01-17', amount: -8_443 },
      { date: '2024-01-17', amount: -8_443 },
    ]);
  });

  it('moves an occurrence that falls on a weekend to the Friday before when the history did', () => {
    const fee = monthly({
      from: '2022-06',
      months: 24,
      day: (year, month) => {
        const weekday = weekdayOf(parseIsoDay(`${year}-${String(month).padStart(2, '0')}-15`, 'd'));
        return weekday === 5 ? 14 : weekday === 6 ? 13 : 15;
      },
      amount: -4_000,
    });
    // 2024-06-15 is a Saturday.
    expect(occurrences(fee, '2024-05-31', '2024-06-01', '2024-06-30')).toEqual([
      { date: '2024-06-14', amount: -4_000 },
    ]);
  });

  it('takes a payment made before its usual day, at the end of the history, as the occurrence', () => {
    const rent = [
      ...monthly({ from: '2023-01', months: 12, day: () => 20, amount: -90_000 }),
      { date: '2024-01-17', amount: -90_000 },
    ];
    const { series } = detect(rent, '2024-01-18');
    expect(series.map((item) => formatIsoDay(item.lastDay))).toEqual(['2024-01-17']);
  });

  it('takes the median of the last three amounts as the amount to expect', () => {
    const salary = monthly({ from: '2023-01', months: 12, day: () => 25, amount: 200_000 }).map(
      (entry, index) => (index >= 9 ? { ...entry, amount: 210_000 + index } : entry),
    );
    const { series } = detect(salary, '2023-12-31');
    expect(series.map((item) => item.amount)).toEqual([210_010]);
  });
});
