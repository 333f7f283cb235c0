import { describe, expect, it } from 'vitest';
import type { Table, TableSchema } from '../table.js';
import { buildMixedTable as buildTable } from '../testing/mixed-table.js';
import { fitSynthesizer, type AlgorithmName } from './algorithms.js';
import { fitGaussianCopula } from './gaussian-copula.js';
import { createRandom } from '@app/engine-kit';
import type { SyntheticValue } from './synthesizer.js';

const ALGORITHM_NAMES: AlgorithmName[] = [
  'gaussian-copula',
  'bayesian-network',
  'independent-marginals',
];

const { table, schema } = buildTable(2000);

function sampleAll(
  algorithm: AlgorithmName,
  options: { rows: number; seed: number; batchSize?: number },
): SyntheticValue[][] {
  return [...fitSynthesizer({ algorithm, table, schema }).sample(options)].flatMap(
    (batch) => batch.rows,
  );
}

function column(rows: SyntheticValue[][], name: string): SyntheticValue[] {
  const index = table.columns.indexOf(name);
  return rows.map((row) => row[index] ?? null);
}

function realColumn(name: string): (string | null)[] {
  const index = table.columns.indexOf(name);
  return table.rows.map((row) => row[index] ?? null);
}

function pearson(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe.each(ALGORITHM_NAMES)('%s', (algorithm) => {
  const rows = sampleAll(algorithm, { rows: 3000, seed: 7 });

  it('gives the same rows for the same seed, whatever the batch size', () => {
    expect(sampleAll(algorithm, { rows: 3000, seed: 7, batchSize: 256 })).toEqual(rows);
  });

  it('gives different rows for a different seed', () => {
    expect(sampleAll(algorithm, { rows: 3000, seed: 8 })).not.toEqual(rows);
  });

  it('streams the requested number of rows in batches of the requested size', () => {
    const batches = [
      ...fitSynthesizer({ algorithm, table, schema }).sample({
        rows: 1001,
        seed: 1,
        batchSize: 250,
      }),
    ];
    expect(batches.map((batch) => batch.rows.length)).toEqual([250, 250, 250, 250, 1]);
    expect(batches[0]?.columns).toEqual(table.columns);
  });

  it('keeps numerical values inside the real range, integers whole, decimals at the real precision, missing values at the real rate', () => {
    for (const name of ['x', 'y', 'age', 'amount']) {
      const real = realColumn(name)
        .filter((cell): cell is string => cell !== null)
        .map(Number);
      const synthetic = column(rows, name);
      const present = synthetic.filter((value): value is number => value !== null);
      for (const value of present) expect(typeof value).toBe('number');
      expect(Math.min(...present)).toBeGreaterThanOrEqual(Math.min(...real));
      expect(Math.max(...present)).toBeLessThanOrEqual(Math.max(...real));
      const realMissing = 1 - real.length / table.rows.length;
      expect(Math.abs(1 - present.length / synthetic.length - realMissing)).toBeLessThan(0.03);
    }
    for (const name of ['age', 'amount']) {
      expect(column(rows, name).every((value) => value === null || Number.isInteger(value))).toBe(
        true,
      );
    }
    for (const name of ['x', 'y']) {
      expect(column(rows, name).every((value) => /^-?\d+(\.\d{1,3})?$/.test(String(value)))).toBe(
        true,
      );
    }
  });

  it('draws categories from the real set only, missing at the real rate', () => {
    const synthetic = column(rows, 'colour');
    expect(new Set(synthetic)).toEqual(new Set(realColumn('colour')));
    const realMissing =
      realColumn('colour').filter((cell) => cell === null).length / table.rows.length;
    const missing = synthetic.filter((value) => value === null).length / synthetic.length;
    expect(Math.abs(missing - realMissing)).toBeLessThan(0.03);
  });

  it('writes dates in the real format inside the real range', () => {
    const real = realColumn('day')
      .filter((cell): cell is string => cell !== null)
      .sort();
    for (const value of column(rows, 'day')) {
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(
        String(value) >= (real[0] ?? '') && String(value) <= (real[real.length - 1] ?? ''),
      ).toBe(true);
    }
  });

  it('gives keys fresh unique values, never real ones', () => {
    const ids = column(rows, 'id');
    const realIds = new Set(realColumn('id'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.some((id) => realIds.has(String(id)))).toBe(false);
  });

  it('gives personal data synthetic values of the real shape, never real ones', () => {
    const realEmails = new Set(realColumn('email'));
    const realPhones = new Set(realColumn('phone'));
    for (const value of column(rows, 'email')) {
      expect(value).toMatch(/^[a-z]+\d+\.\d+@example\.com$/);
      expect(realEmails.has(String(value))).toBe(false);
    }
    for (const value of column(rows, 'phone')) {
      expect(value).toMatch(/^\+\d \d{3}-\d{4}$/);
      expect(realPhones.has(String(value))).toBe(false);
    }
  });
});

describe('association', () => {
  const real = pearson(realColumn('x').map(Number), realColumn('y').map(Number));

  it('the Gaussian copula keeps a strong correlation of a correlated pair', () => {
    const rows = sampleAll('gaussian-copula', { rows: 3000, seed: 3 });
    const synthetic = pearson(column(rows, 'x').map(Number), column(rows, 'y').map(Number));
    expect(real).toBeGreaterThan(0.9);
    expect(Math.abs(synthetic - real)).toBeLessThan(0.1);
  });

  it('the independent baseline loses it', () => {
    const rows = sampleAll('independent-marginals', { rows: 3000, seed: 3 });
    expect(
      Math.abs(pearson(column(rows, 'x').map(Number), column(rows, 'y').map(Number))),
    ).toBeLessThan(0.1);
  });
});

describe('category order of the Gaussian copula', () => {
  it('orders categories by the column they explain, so a non-monotone frequency order does not lose the association', () => {
    const random = createRandom(5);
    const rows: (string | null)[][] = Array.from({ length: 3000 }, () => {
      const x = random.normal();
      return [x.toFixed(4), x < -0.6 ? 'low' : x > 0.6 ? 'high' : 'mid'];
    });
    const small: Table = { columns: ['x', 'band'], rows };
    const smallSchema: TableSchema = {
      primaryKey: null,
      columns: [
        { name: 'x', kind: 'numerical' },
        { name: 'band', kind: 'categorical' },
      ],
    };
    const meanBy = (order: 'partner' | 'frequency'): Record<string, number> => {
      const synthesizer = fitGaussianCopula({
        table: small,
        schema: smallSchema,
        parameters: { categoryOrder: order },
      });
      const sums = new Map<string, { sum: number; n: number }>();
      for (const batch of synthesizer.sample({ rows: 3000, seed: 1 })) {
        for (const [x, band] of batch.rows) {
          const entry = sums.get(String(band)) ?? { sum: 0, n: 0 };
          entry.sum += Number(x);
          entry.n++;
          sums.set(String(band), entry);
        }
      }
      return Object.fromEntries([...sums].map(([band, { sum, n }]) => [band, sum / n]));
    };
    const partner = meanBy('partner');
    expect(partner.low).toBeLessThan(-0.5);
    expect(partner.high).toBeGreaterThan(0.5);
    const frequency = meanBy('frequency');
    expect(Math.abs(frequency.low ?? 0)).toBeLessThan(0.5);
  });
});
