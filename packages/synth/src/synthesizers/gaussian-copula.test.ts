import { describe, expect, it } from 'vitest';
import type { Table, TableSchema } from '../table.js';
import { factorCorrelation, fitGaussianCopula } from './gaussian-copula.js';
import { fitIndependentMarginals } from './independent-marginals.js';
import { createRandom } from '@app/engine-kit';

describe('factorCorrelation', () => {
  it('factors a matrix that is not positive definite after shrinking it just enough', () => {
    const matrix = Float64Array.from([1, 0.9, -0.9, 0.9, 1, 0.9, -0.9, 0.9, 1]);
    const lower = factorCorrelation(matrix, 3);
    expect([...lower].every(Number.isFinite)).toBe(true);
    const product = (i: number, j: number): number =>
      [0, 1, 2].reduce((sum, m) => sum + (lower[i * 3 + m] ?? 0) * (lower[j * 3 + m] ?? 0), 0);
    for (let i = 0; i < 3; i++) expect(product(i, i)).toBeCloseTo(1, 9);
    expect(Math.abs(product(0, 1))).toBeLessThan(0.9);
    expect(Math.sign(product(0, 1))).toBe(1);
  });

  it('keeps a positive definite matrix unchanged', () => {
    const lower = factorCorrelation(Float64Array.from([1, 0.5, 0.5, 1]), 2);
    expect((lower[2] ?? 0) * (lower[0] ?? 0)).toBeCloseTo(0.5, 12);
  });
});

describe('fitGaussianCopula', () => {
  it('keeps most of the agreement of two associated categorical columns, which the baseline loses', () => {
    const random = createRandom(11);
    const rows = Array.from({ length: 4000 }, () => {
      const a = random.uniform() < 0.3 ? 'yes' : 'no';
      const b = random.uniform() < 0.9 ? a : a === 'yes' ? 'no' : 'yes';
      return [a, b];
    });
    const table: Table = { columns: ['a', 'b'], rows };
    const schema: TableSchema = {
      primaryKey: null,
      columns: [
        { name: 'a', kind: 'categorical' },
        { name: 'b', kind: 'categorical' },
      ],
    };
    const agreement = (cells: (string | number | null)[][]): number =>
      cells.filter(([a, b]) => a === b).length / cells.length;
    const synthetic = [
      ...fitGaussianCopula({ table, schema }).sample({ rows: 4000, seed: 2 }),
    ].flatMap((batch) => batch.rows);
    const independent = [
      ...fitIndependentMarginals({ table, schema }).sample({ rows: 4000, seed: 2 }),
    ].flatMap((batch) => batch.rows);
    expect(Math.abs(agreement(synthetic) - agreement(rows))).toBeLessThan(0.1);
    expect(Math.abs(agreement(independent) - agreement(rows))).toBeGreaterThan(0.25);
  });
});
