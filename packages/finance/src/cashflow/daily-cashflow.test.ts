import { describe, expect, it } from 'vitest';
import type { Transaction } from '../types.js';
import { aggregateWeekly, buildDailyCashflow, type CashflowRow } from './daily-cashflow.js';
import { CashflowError } from './errors.js';
import { toDailyAmounts } from './movements.js';

function row(date: string, income: number, expense: number, balance: number): CashflowRow {
  return {
    cashflow_date: date,
    cashflow_income: income,
    cashflow_expense: expense,
    cashflow_balance: balance,
  };
}

function transaction(amount: number, valueDate: string, operationDate: string): Transaction {
  return {
    txAmount: amount,
    txBalance: null,
    txDescription: 'x',
    txValueDate: valueDate,
    txOperationDate: operationDate,
  };
}

describe('buildDailyCashflow', () => {
  it('fills days without movements with zero amounts and carries the balance', () => {
    const rows = buildDailyCashflow({
      accounts: [
        {
          openingBalance: 1_000,
          amounts: [
            { date: '2024-03-01', amount: 500 },
            { date: '2024-03-04', amount: -200 },
          ],
        },
      ],
    });
    expect(rows).toEqual([
      row('2024-03-01', 500, 0, 1_500),
      row('2024-03-02', 0, 0, 1_500),
      row('2024-03-03', 0, 0, 1_500),
      row('2024-03-04', 0, 200, 1_300),
    ]);
  });

  it('splits a day with several movements into income and expense', () => {
    const rows = buildDailyCashflow({
      accounts: [
        {
          openingBalance: 0,
          amounts: [
            { date: '2024-03-01', amount: 700 },
            { date: '2024-03-01', amount: -300 },
            { date: '2024-03-01', amount: 100 },
          ],
        },
      ],
    });
    expect(rows).toEqual([row('2024-03-01', 800, 300, 500)]);
  });

  it('sums several accounts, their opening balances included', () => {
    const rows = buildDailyCashflow({
      accounts: [
        { openingBalance: 1_000, amounts: [{ date: '2024-03-02', amount: -100 }] },
        { openingBalance: 50, amounts: [{ date: '2024-03-01', amount: 20 }] },
      ],
    });
    expect(rows).toEqual([row('2024-03-01', 20, 0, 1_070), row('2024-03-02', 0, 100, 970)]);
  });

  it('accepts movements in any order', () => {
    const amounts = [
      { date: '2024-03-03', amount: 5 },
      { date: '2024-03-01', amount: 7 },
      { date: '2024-03-02', amount: -3 },
    ];
    const sorted = [...amounts].sort((a, b) => a.date.localeCompare(b.date));
    expect(buildDailyCashflow({ accounts: [{ openingBalance: 0, amounts }] })).toEqual(
      buildDailyCashflow({ accounts: [{ openingBalance: 0, amounts: sorted }] }),
    );
  });

  it('puts movements before `from` into the first balance and leaves out those after `to`', () => {
    const rows = buildDailyCashflow({
      accounts: [
        {
          openingBalance: 100,
          amounts: [
            { date: '2024-02-20', amount: 1_000 },
            { date: '2024-03-02', amount: 10 },
            { date: '2024-03-09', amount: 99 },
          ],
        },
      ],
      from: '2024-03-01',
      to: '2024-03-03',
    });
    expect(rows).toEqual([
      row('2024-03-01', 0, 0, 1_100),
      row('2024-03-02', 10, 0, 1_110),
      row('2024-03-03', 0, 0, 1_110),
    ]);
  });

  it('returns no rows without movements or dates, and zero rows over a given range', () => {
    expect(buildDailyCashflow({ accounts: [] })).toEqual([]);
    expect(
      buildDailyCashflow({
        accounts: [{ openingBalance: 40, amounts: [] }],
        from: '2024-01-01',
        to: '2024-01-02',
      }),
    ).toEqual([row('2024-01-01', 0, 0, 40), row('2024-01-02', 0, 0, 40)]);
  });

  it('refuses bad dates, fractional cents and a range that ends before it starts', () => {
    const account = (date: string, amount: number) => ({
      openingBalance: 0,
      amounts: [{ date, amount }],
    });
    const attempts = [
      () => buildDailyCashflow({ accounts: [account('2023-02-29', 1)] }),
      () => buildDailyCashflow({ accounts: [account('01/02/2024', 1)] }),
      () => buildDailyCashflow({ accounts: [account('2024-01-01', 1.5)] }),
      () => buildDailyCashflow({ accounts: [{ openingBalance: 0.1, amounts: [] }] }),
      () => buildDailyCashflow({ accounts: [], from: '2024-02-01', to: '2024-01-01' }),
    ];
    const codes = attempts.map((attempt) => {
      try {
        attempt();
        return 'accepted';
      } catch (error) {
        return error instanceof CashflowError ? error.code : 'other error';
      }
    });
    expect(codes).toEqual([
      'INVALID_DATE',
      'INVALID_DATE',
      'INVALID_AMOUNT',
      'INVALID_AMOUNT',
      'INVALID_DATE',
    ]);
  });
});

describe('toDailyAmounts', () => {
  it('dates a transaction by its value date, or its operation date when that is missing', () => {
    expect(
      toDailyAmounts([
        transaction(-500, '2024-05-02', '2024-05-01'),
        transaction(900, '', '2024-05-03'),
      ]),
    ).toEqual([
      { date: '2024-05-02', amount: -500 },
      { date: '2024-05-03', amount: 900 },
    ]);
  });
});

describe('aggregateWeekly', () => {
  const days = buildDailyCashflow({
    accounts: [
      {
        openingBalance: 0,
        amounts: Array.from({ length: 10 }, (_, index) => ({
          date: `2024-01-${String(index + 1).padStart(2, '0')}`,
          amount: index % 2 === 0 ? 100 : -30,
        })),
      },
    ],
  });

  it('makes 7-day buckets with sums and the balance of the last day', () => {
    expect(aggregateWeekly(days)).toEqual([
      { startDate: '2024-01-01', endDate: '2024-01-07', income: 400, expense: 90, balance: 310 },
      { startDate: '2024-01-08', endDate: '2024-01-10', income: 100, expense: 60, balance: 350 },
    ]);
  });

  it('starts a new bucket at the first date beyond six days after the bucket start', () => {
    const rows = [
      row('2024-01-01', 1, 0, 1),
      row('2024-01-07', 2, 0, 3),
      row('2024-01-09', 4, 0, 7),
      row('2024-01-15', 8, 0, 15),
      row('2024-01-16', 16, 0, 31),
    ];
    expect(aggregateWeekly(rows)).toEqual([
      { startDate: '2024-01-01', endDate: '2024-01-07', income: 3, expense: 0, balance: 3 },
      { startDate: '2024-01-09', endDate: '2024-01-15', income: 12, expense: 0, balance: 15 },
      { startDate: '2024-01-16', endDate: '2024-01-16', income: 16, expense: 0, balance: 31 },
    ]);
  });

  it('orders the rows by date first and returns nothing for no rows', () => {
    expect(aggregateWeekly([...days].reverse())).toEqual(aggregateWeekly(days));
    expect(aggregateWeekly([])).toEqual([]);
  });
});
