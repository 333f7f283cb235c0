import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeCramersV,
  computeKsStatistic,
  computePearson,
  computeTotalVariation,
  countContingency,
} from './stats.js';

const numbers = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), {
  minLength: 2,
  maxLength: 50,
});

describe('report statistics', () => {
  it('gives Pearson 1 and -1 for exact linear relations and skips missing values', () => {
    const xs = new Float64Array([1, 2, 3, NaN, 4]);
    expect(computePearson(xs, new Float64Array([2, 4, 6, 100, 8]))).toBeCloseTo(1, 12);
    expect(computePearson(xs, new Float64Array([-1, -2, -3, 0, -4]))).toBeCloseTo(-1, 12);
    expect(computePearson(xs, new Float64Array([5, 5, 5, 5, 5]))).toBe(0);
  });

  it('keeps Pearson within [-1, 1]', () => {
    fc.assert(
      fc.property(numbers, numbers, (xs, ys) => {
        const length = Math.min(xs.length, ys.length);
        const r = computePearson(
          new Float64Array(xs.slice(0, length)),
          new Float64Array(ys.slice(0, length)),
        );
        return r >= -1 && r <= 1;
      }),
    );
  });

  it("gives Cramér's V 1 for a one-to-one relation and 0 for independence", () => {
    const shape = { levelsA: 3, levelsB: 3 };
    const a = new Int32Array([1, 1, 2, 2, 1, 2]);
    const same = countContingency({ a, b: new Int32Array([2, 2, 1, 1, 2, 1]), ...shape });
    expect(computeCramersV({ counts: same, ...shape })).toBeCloseTo(1, 12);
    const independent = countContingency({
      a: new Int32Array([1, 1, 2, 2]),
      b: new Int32Array([1, 2, 1, 2]),
      ...shape,
    });
    expect(computeCramersV({ counts: independent, ...shape })).toBe(0);
  });

  it('measures KS and total variation as 0 for equal samples and 1 for disjoint ones', () => {
    const a = new Float64Array([1, 2, 3]);
    expect(computeKsStatistic(a, new Float64Array([3, 2, 1, NaN]))).toBe(0);
    expect(computeKsStatistic(a, new Float64Array([10, 11]))).toBe(1);
    expect(computeKsStatistic(a, new Float64Array([2, 3, 4]))).toBeCloseTo(1 / 3, 12);
    expect(computeTotalVariation(new Float64Array([1, 1]), new Float64Array([2, 2]))).toBe(0);
    expect(computeTotalVariation(new Float64Array([1, 0]), new Float64Array([0, 3]))).toBe(1);
  });
});
