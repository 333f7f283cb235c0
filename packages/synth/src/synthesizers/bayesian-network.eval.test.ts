import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildQualityReport } from '../report/index.js';
import { readCsvTable, type Table, type TableSchema } from '../table.js';
import { evalDataPath } from '@app/engine-kit/testing';
import { fitBayesianNetwork } from './bayesian-network.js';

function sampleAll(synthesizer: ReturnType<typeof fitBayesianNetwork>, rows: number) {
  return [...synthesizer.sample({ rows, seed: 5 })].flatMap((batch) => batch.rows);
}

describe('fitBayesianNetwork on adult', () => {
  it('keeps the strong pairs of real census rows', () => {
    const adult = readCsvTable(readFileSync(evalDataPath('synth', 'adult.csv'), 'utf8'));
    const numerical = new Set(['age', 'fnlwgt', 'education-num', 'hours-per-week']);
    const real: Table = { columns: adult.columns, rows: adult.rows.slice(0, 8000) };
    const schema: TableSchema = {
      primaryKey: null,
      columns: adult.columns.map((name) => ({
        name,
        kind: numerical.has(name) || name.startsWith('capital') ? 'numerical' : 'categorical',
      })),
    };
    const synthesizer = fitBayesianNetwork({ table: real, schema });
    const synthetic: Table = {
      columns: adult.columns,
      rows: sampleAll(synthesizer, 8000).map((row) =>
        row.map((value) => (value === null ? null : String(value))),
      ),
    };
    const report = buildQualityReport({ real, synthetic, schema, dcrSampleSize: 200 });
    expect(report.pairTrends.strongScore).toBeGreaterThan(0.93);
    expect(report.columnShapes.score).toBeGreaterThan(0.97);
    expect(report.privacy.exactCopyShare).toBeLessThan(0.005);
  });
});
