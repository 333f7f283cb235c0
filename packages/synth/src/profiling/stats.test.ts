import { describe, expect, it } from 'vitest';
import { buildHistogram, describeSorted, quantileSorted, topCategories } from './stats.js';

describe('describeSorted', () => {
  it('computes min, max, mean, sample std and interpolated quantiles', () => {
    const stats = describeSorted(Float64Array.from([2, 4, 4, 4, 5, 5, 7, 9]));
    expect(stats).toMatchObject({ min: 2, max: 9, mean: 5 });
    expect(stats.std).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(stats.quantiles.p50).toBe(4.5);
    expect(stats.quantiles.p25).toBe(4);
    expect(stats.quantiles.p75).toBe(5.5);
  });

  it('has no std for a single value', () => {
    expect(describeSorted(Float64Array.from([3])).std).toBeNull();
  });
});

describe('quantileSorted', () => {
  it('interpolates linearly between ranks', () => {
    expect(quantileSorted([10, 20, 30, 40, 50], 0.05)).toBeCloseTo(12, 12);
    expect(quantileSorted([10, 20, 30, 40, 50], 1)).toBe(50);
    expect(quantileSorted([0, 10], 0.25)).toBe(2.5);
  });

  it('is NaN for no values', () => {
    expect(quantileSorted([], 0.5)).toBeNaN();
  });
});

describe('buildHistogram', () => {
  it('gives one bin per value for a short integer range', () => {
    const bins = buildHistogram(Float64Array.from([1, 1, 2, 3, 3, 3]), true);
    expect(bins.map((bin) => bin.count)).toEqual([2, 1, 3]);
  });

  it('spreads floats over 20 equal bins and keeps the maximum in the last one', () => {
    const bins = buildHistogram(Float64Array.from([0, 0.5, 1]), false);
    expect(bins).toHaveLength(20);
    expect(bins[0]).toEqual({ start: 0, end: 0.05, count: 1 });
    expect(bins[19]?.count).toBe(1);
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(3);
  });

  it('puts a constant column in a single bin', () => {
    expect(buildHistogram(Float64Array.from([4, 4]), true)).toEqual([
      { start: 4, end: 4, count: 2 },
    ]);
  });
});

describe('topCategories', () => {
  it('orders by count, then by value, and keeps the limit', () => {
    const result = topCategories({ levels: ['b', 'a', 'c'], counts: [2, 2, 5] }, 2);
    expect(result).toEqual([
      { value: 'c', count: 5 },
      { value: 'a', count: 2 },
    ]);
  });
});
