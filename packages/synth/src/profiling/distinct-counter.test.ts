import { describe, expect, it } from 'vitest';
import { createDistinctCounter } from './distinct-counter.js';

describe('createDistinctCounter', () => {
  it('counts exactly, with occurrences, while few values are distinct', () => {
    const counter = createDistinctCounter(10);
    for (const value of ['a', 'b', 'a', 'c', 'a']) counter.add(value);
    expect(counter.count()).toEqual({ distinct: 3, isExact: true });
    expect(counter.counts()).toEqual(
      new Map([
        ['a', 3],
        ['b', 1],
        ['c', 1],
      ]),
    );
  });

  it('estimates within 10 % beyond the exact limit, ignoring repeats', () => {
    const counter = createDistinctCounter(1000);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 50_000; i++) counter.add(`value-${String(i)}`);
    }
    const { distinct, isExact } = counter.count();
    expect(isExact).toBe(false);
    expect(counter.counts()).toBeNull();
    expect(Math.abs(distinct / 50_000 - 1)).toBeLessThan(0.1);
  });
});
