import { describe, expect, it } from 'vitest';
import { createRandom } from '@app/engine-kit';
import type { Table, TableSchema } from '../table.js';
import { fitBayesianNetwork } from './bayesian-network.js';
import type { SyntheticValue } from './synthesizer.js';

/** `b` copies `a` 90 % of the time; `c` is missing exactly when `a` is "x"; `n` grows with `a`. */
function buildTable(rows: number): { table: Table; schema: TableSchema } {
  const random = createRandom(3);
  const body = Array.from({ length: rows }, () => {
    const a = ['x', 'y', 'z'][Math.floor(random.uniform() * 3)] ?? 'x';
    const b = random.uniform() < 0.9 ? a : 'w';
    const c = a === 'x' ? null : random.uniform() < 0.5 ? 'p' : 'q';
    const n = (a === 'z' ? 100 : 0) + Math.floor(random.uniform() * 50);
    return [a, b, c, String(n)];
  });
  return {
    table: { columns: ['a', 'b', 'c', 'n'], rows: body },
    schema: {
      primaryKey: null,
      columns: [
        { name: 'a', kind: 'categorical' },
        { name: 'b', kind: 'categorical' },
        { name: 'c', kind: 'categorical' },
        { name: 'n', kind: 'numerical', isInteger: true },
      ],
    },
  };
}

function sampleAll(synthesizer: ReturnType<typeof fitBayesianNetwork>, rows: number) {
  return [...synthesizer.sample({ rows, seed: 5 })].flatMap((batch) => batch.rows);
}

function share(rows: SyntheticValue[][], test: (row: SyntheticValue[]) => boolean): number {
  return rows.filter(test).length / rows.length;
}

describe('fitBayesianNetwork', () => {
  const { table, schema } = buildTable(4000);

  it('keeps discrete dependencies, missingness that depends on another column, and numbers that follow a category', () => {
    const rows = sampleAll(fitBayesianNetwork({ table, schema }), 4000);
    const agree = share(rows, ([a, b]) => a === b);
    expect(agree).toBeGreaterThan(0.85);
    expect(agree).toBeLessThan(0.95);
    expect(share(rows, ([a, , c]) => (a === 'x') !== (c === null))).toBeLessThan(0.02);
    // one quantile bin may straddle the gap between 49 and 100
    expect(share(rows, ([a, , , n]) => (a === 'z') !== Number(n) >= 100)).toBeLessThan(0.05);
  });

  it('places every column once, with at most `degree` parents placed before it', () => {
    const synthesizer = fitBayesianNetwork({ table, schema, parameters: { degree: 1 } });
    expect(synthesizer.network.map((node) => node.column).sort()).toEqual(['a', 'b', 'c', 'n']);
    const placed = new Set<string>();
    for (const node of synthesizer.network) {
      expect(node.parents.length).toBeLessThanOrEqual(1);
      for (const parent of node.parents) expect(placed.has(parent)).toBe(true);
      placed.add(node.column);
    }
    expect(synthesizer.network.slice(1).every((node) => node.parents.length === 1)).toBe(true);
  });

  it('with a privacy budget, is reproducible under its seed, draws real values only and keeps a strong dependency', () => {
    const fit = (seed: number) =>
      sampleAll(fitBayesianNetwork({ table, schema, parameters: { epsilon: 1, seed } }), 2000);
    const rows = fit(1);
    expect(fit(1)).toEqual(rows);
    expect(fit(2)).not.toEqual(rows);
    for (const [a, b, c] of rows) {
      expect(['x', 'y', 'z']).toContain(a);
      expect(['x', 'y', 'z', 'w']).toContain(b);
      expect([null, 'p', 'q']).toContain(c);
    }
    expect(share(rows, ([a, b]) => a === b)).toBeGreaterThan(0.7);
  });

  it('refuses a budget that is not above 0', () => {
    expect(() => fitBayesianNetwork({ table, schema, parameters: { epsilon: 0 } })).toThrow(
      'epsilon',
    );
  });
});
