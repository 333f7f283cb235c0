import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsvTable, type Table, type TableSchema } from '../table.js';
import { evalDataPath } from '@app/engine-kit/testing';
import { measureMlEfficacy } from './ml-efficacy.js';

describe('measureMlEfficacy on adult', () => {
  it('predicts income on real census rows with over 84 % accuracy', () => {
    const adult = readCsvTable(readFileSync(evalDataPath('synth', 'adult.csv'), 'utf8'));
    const numerical = new Set([
      'age',
      'fnlwgt',
      'education-num',
      'capital-gain',
      'capital-loss',
      'hours-per-week',
    ]);
    const adultSchema: TableSchema = {
      primaryKey: null,
      columns: adult.columns.map((name) => ({
        name,
        kind: numerical.has(name) ? 'numerical' : 'categorical',
      })),
    };
    const train: Table = { columns: adult.columns, rows: adult.rows.slice(0, 8000) };
    const holdout: Table = { columns: adult.columns, rows: adult.rows.slice(30000) };
    const result = measureMlEfficacy({
      real: train,
      synthetic: train,
      test: holdout,
      schema: adultSchema,
      target: 'income',
      settings: { rounds: 60 },
    });
    expect(result.realAccuracy).toBeGreaterThan(0.84);
    expect(result.gap).toBe(0);
  });
});
