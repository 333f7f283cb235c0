import { expect } from 'vitest';
import type { TableProfile } from '../profiling/index.js';

/** A profile read from a sample has the whole file's exact counts, categories and ranges. */
export function expectSampledProfileExact(streamed: TableProfile, full: TableProfile): void {
  expect(streamed.columns.map((column) => column.type)).toEqual(full.columns.map((c) => c.type));
  streamed.columns.forEach((column, index) => {
    const exact = full.columns[index];
    expect(column.missing).toBe(exact?.missing);
    // beyond 10,000 distinct values (fnlwgt) the count is an estimate
    expect(Math.abs(column.unique / (exact?.unique ?? 1) - 1)).toBeLessThan(0.05);
    if ((exact?.unique ?? 0) <= 10_000) expect(column.unique).toBe(exact?.unique);
    expect(column.topCategories).toEqual(exact?.topCategories);
    if (column.stats && exact?.stats) {
      expect(column.stats.min).toBe(exact.stats.min);
      expect(column.stats.max).toBe(exact.stats.max);
      expect(column.stats.mean).toBeCloseTo(exact.stats.mean, 6);
      expect(column.stats.std).toBeCloseTo(exact.stats.std ?? 0, 6);
      expect(Math.abs(column.stats.quantiles.p50 - exact.stats.quantiles.p50)).toBeLessThanOrEqual(
        0.05 * (exact.stats.max - exact.stats.min),
      );
    }
  });
}
