import { describe, expect, it } from 'vitest';
import { readRowCount } from './row-count';

describe('readRowCount', () => {
  it.each([
    ['10000', 10_000],
    ['10,000', 10_000],
    ['10.000', 10_000],
    ['1.000.000', 1_000_000],
    ['10 000', 10_000],
    ['10\u00a0000', 10_000],
    [' 250 ', 250],
  ])('reads %j as %d rows', (text, rows) => {
    expect(readRowCount(text)).toBe(rows);
  });

  it.each(['', '0', '2.5', '2,5', '1,000.5', '1.000,000', '10,00', '-5', '1e4', 'ten'])(
    'refuses %j',
    (text) => {
      expect(readRowCount(text)).toBeNull();
    },
  );
});
