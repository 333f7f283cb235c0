import { describe, expect, it } from 'vitest';
import { PairTable } from './pair-table.js';

describe('PairTable', () => {
  it('finds every stored pair and nothing else, however the pairs collide', () => {
    const entries: [number, number, number][] = [];
    for (let first = 0; first < 60; first++) {
      for (let second = 0; second < 60; second += 7)
        entries.push([first, second, first * 100 + second]);
    }
    const table = new PairTable(entries);
    for (const [first, second, value] of entries) expect(table.get(first, second)).toBe(value);
    expect(table.get(1, 1)).toBe(-1);
    expect(table.get(60, 0)).toBe(-1);
    expect(table.get(-1, 0)).toBe(-1);
  });

  it('answers −1 when empty', () => {
    expect(new PairTable([]).get(0, 0)).toBe(-1);
  });
});
