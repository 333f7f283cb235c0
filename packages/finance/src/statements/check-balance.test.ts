import { describe, expect, it } from 'vitest';
import { checkBalance } from './check-balance.js';
import type { StatementTransaction } from './statement-types.js';

function rows(
  entries: [date: string, amount: number, balance: number | null][],
): StatementTransaction[] {
  return entries.map(([date, amount, balance], index) => ({
    txAmount: amount,
    txBalance: balance,
    txDescription: '',
    txValueDate: date,
    txOperationDate: date,
    row: index + 2,
  }));
}

describe('checkBalance', () => {
  it('accepts balances that follow from the amounts, oldest first', () => {
    expect(
      checkBalance(
        rows([
          ['2025-01-01', 100, 1100],
          ['2025-01-02', -50, 1050],
        ]),
      ),
    ).toEqual({
      status: 'ok',
      order: 'ascending',
      openingBalance: 1000,
      closingBalance: 1050,
      checkedRows: 1,
      mismatchCount: 0,
      mismatches: [],
    });
  });

  it('accepts balances that follow from the amounts, newest first', () => {
    const result = checkBalance(
      rows([
        ['2025-01-03', -50, 1050],
        ['2025-01-02', 100, 1100],
        ['2025-01-01', 0, 1000],
      ]),
    );
    expect(result).toMatchObject({
      status: 'ok',
      order: 'descending',
      openingBalance: 1000,
      closingBalance: 1050,
    });
  });

  it('reports the row where the balance stops following from the amounts, once', () => {
    const result = checkBalance(
      rows([
        ['2025-01-01', 100, 1100],
        ['2025-01-02', -50, 1000],
        ['2025-01-03', -10, 990],
      ]),
    );
    expect(result).toMatchObject({
      status: 'mismatch',
      mismatchCount: 1,
      mismatches: [{ row: 3, expected: 1050, actual: 1000 }],
    });
  });

  it('carries the sum over rows without a balance', () => {
    const result = checkBalance(
      rows([
        ['2025-01-01', 100, 1100],
        ['2025-01-02', -50, null],
        ['2025-01-03', -10, 1040],
      ]),
    );
    expect(result).toMatchObject({ status: 'ok', checkedRows: 1, closingBalance: 1040 });
  });

  it('is not available when no row gives a balance', () => {
    expect(checkBalance(rows([['2025-01-01', 100, null]]))).toEqual({
      status: 'not-available',
      reason: 'The statement gives no balance.',
    });
  });
});
