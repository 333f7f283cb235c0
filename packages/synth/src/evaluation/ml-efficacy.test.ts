import { describe, expect, it } from 'vitest';
import { createRandom } from '@app/engine-kit';
import type { Table, TableSchema } from '../table.js';
import { measureMlEfficacy } from './ml-efficacy.js';

const schema: TableSchema = {
  primaryKey: 'id',
  columns: [
    { name: 'id', kind: 'id' },
    { name: 'x', kind: 'numerical' },
    { name: 'colour', kind: 'categorical' },
    { name: 'label', kind: 'categorical' },
  ],
};

/** The label is "yes" when x is large or the colour is red, with 5 % of labels flipped. */
function buildTable(rows: number, seed: number): Table {
  const random = createRandom(seed);
  return {
    columns: ['id', 'x', 'colour', 'label'],
    rows: Array.from({ length: rows }, (_, index) => {
      const x = random.uniform() * 100;
      const colour = ['red', 'green', 'blue', null][Math.floor(random.uniform() * 4)] ?? null;
      const isYes = (x > 70 || colour === 'red') !== random.uniform() < 0.05;
      return [String(index), x.toFixed(1), colour, isYes ? 'yes' : 'no'];
    }),
  };
}

function shuffleLabels(table: Table, seed: number): Table {
  const random = createRandom(seed);
  const labels = table.rows.map((row) => row[3] ?? null);
  for (let i = labels.length - 1; i > 0; i--) {
    const j = Math.floor(random.uniform() * (i + 1));
    [labels[i], labels[j]] = [labels[j] ?? null, labels[i] ?? null];
  }
  return {
    columns: table.columns,
    rows: table.rows.map((row, i) => [...row.slice(0, 3), labels[i] ?? null]),
  };
}

describe('measureMlEfficacy', () => {
  const real = buildTable(2000, 1);
  const test = buildTable(1000, 2);
  const settings = { rounds: 30 };

  it('scores no gap for synthetic rows that hold the real relation', () => {
    const result = measureMlEfficacy({
      real,
      synthetic: buildTable(2000, 3),
      test,
      schema,
      target: 'label',
      settings,
    });
    expect(result.positiveClass).toBe('yes');
    expect(result.realAccuracy).toBeGreaterThan(0.92);
    expect(Math.abs(result.gap)).toBeLessThan(0.02);
  });

  it('scores a large gap when the synthetic labels are unrelated to the features', () => {
    const result = measureMlEfficacy({
      real,
      synthetic: shuffleLabels(real, 4),
      test,
      schema,
      target: 'label',
      settings,
    });
    expect(result.gap).toBeGreaterThan(0.2);
  });

  it('refuses a target without exactly two classes, or absent', () => {
    const oneClass: Table = {
      columns: real.columns,
      rows: real.rows.map((row) => [...row.slice(0, 3), 'yes']),
    };
    expect(() =>
      measureMlEfficacy({ real: oneClass, synthetic: real, test, schema, target: 'label' }),
    ).toThrow('exactly two classes');
    expect(() =>
      measureMlEfficacy({ real, synthetic: real, test, schema, target: 'income' }),
    ).toThrow('"income"');
  });
});
