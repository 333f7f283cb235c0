import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { associationMatrix, cramersV, pearson } from './association.js';
import type { TableSchema } from '../table.js';

describe('pearson', () => {
  it('is 1 for identical columns and -1 for mirrored ones', () => {
    expect(pearson([1, 2, 3, 4], [1, 2, 3, 4])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1, 12);
  });

  it('is 0 for an orthogonal construction', () => {
    expect(pearson([1, 2, 3, 4, 5], [2, 1, 0, 1, 2])).toBe(0);
  });

  it('skips rows where either value is missing and is null for a constant column', () => {
    expect(pearson([1, 2, null, 3], [2, 4, 100, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it('stays within [-1, 1] on any input', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer(), fc.integer()), { minLength: 2 }), (pairs) => {
        const value = pearson(
          pairs.map(([x]) => x),
          pairs.map(([, y]) => y),
        );
        return value === null || (value >= -1 && value <= 1);
      }),
    );
  });
});

describe('cramersV', () => {
  it('is 1 for identical and for relabelled columns', () => {
    expect(cramersV(['a', 'b', 'c', 'a'], ['a', 'b', 'c', 'a'])).toBeCloseTo(1, 12);
    expect(cramersV(['a', 'b', 'c', 'a'], ['x', 'y', 'z', 'x'])).toBeCloseTo(1, 12);
  });

  it('is 0 when every combination occurs equally often', () => {
    const xs = ['a', 'a', 'b', 'b', 'a', 'a', 'b', 'b'];
    const ys = ['u', 'v', 'u', 'v', 'u', 'v', 'u', 'v'];
    expect(cramersV(xs, ys)).toBe(0);
  });

  it('is near 0 for independently drawn columns', () => {
    let seed = 7;
    const draw = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const xs = Array.from({ length: 5000 }, () => Math.floor(draw() * 4));
    const ys = Array.from({ length: 5000 }, () => Math.floor(draw() * 3));
    expect(cramersV(xs, ys)).toBeLessThan(0.05);
  });

  it('handles columns with thousands of categories without a dense table', () => {
    const values = Array.from({ length: 3000 }, (_, index) => `v${String(index)}`);
    expect(cramersV(values, values)).toBeCloseTo(1, 9);
  });

  it('ignores missing values and is null when a side has one category', () => {
    expect(cramersV(['a', 'b', null], ['x', 'y', 'x'])).toBeCloseTo(1, 12);
    expect(cramersV(['a', 'a'], ['x', 'y'])).toBeNull();
  });
});

describe('associationMatrix', () => {
  const schema: TableSchema = {
    primaryKey: 'id',
    columns: [
      { name: 'id', kind: 'id', isUnique: true, pii: null },
      { name: 'x', kind: 'numerical', isInteger: true, pii: null },
      { name: 'double', kind: 'numerical', isInteger: true, pii: null },
      { name: 'group', kind: 'categorical', pii: null },
    ],
  };
  const rows = Array.from({ length: 40 }, (_, index) => [
    String(index),
    String(index % 20),
    String((index % 20) * 2),
    index % 20 < 10 ? 'low' : 'high',
  ]);

  it('leaves identifiers out and uses Pearson for numerical pairs', () => {
    const result = associationMatrix({ columns: ['id', 'x', 'double', 'group'], rows }, schema);
    expect(result.columns).toEqual(['x', 'double', 'group']);
    expect(result.values[0]?.[1]).toBeCloseTo(1, 12);
    expect(result.values[1]?.[0]).toBeCloseTo(1, 12);
  });

  it('bins the numerical side of a mixed pair for Cramér V', () => {
    const result = associationMatrix({ columns: ['id', 'x', 'double', 'group'], rows }, schema);
    expect(result.values[0]?.[2]).toBeCloseTo(1, 12);
    expect(result.values[2]?.[0]).toBeCloseTo(1, 12);
  });
});
