import { describe, expect, it } from 'vitest';
import type { Table, TableSchema } from '../table.js';
import { buildQualityReport } from './build-report.js';
import { createRandom } from '@app/engine-kit';

const schema: TableSchema = {
  columns: [
    { name: 'x', kind: 'numerical' },
    { name: 'y', kind: 'numerical' },
    { name: 'colour', kind: 'categorical' },
    { name: 'size', kind: 'categorical' },
  ],
  primaryKey: null,
};

/** y follows x closely; size follows colour; colour follows x. */
function makeRelatedTable(rows: number, seed: number): Table {
  const random = createRandom(seed).uniform;
  return {
    columns: ['x', 'y', 'colour', 'size'],
    rows: Array.from({ length: rows }, () => {
      const x = random() * 100;
      const colour = x < 50 ? 'red' : 'blue';
      const size = colour === 'red' ? (random() < 0.9 ? 'S' : 'L') : random() < 0.9 ? 'L' : 'S';
      return [x.toFixed(2), (2 * x + random() * 5).toFixed(4), colour, size];
    }),
  };
}

function shuffleColumns(table: Table, seed: number): Table {
  const random = createRandom(seed).uniform;
  const columns = table.columns.map((_, index) => {
    const cells = table.rows.map((row) => row[index] ?? null);
    for (let i = cells.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [cells[i], cells[j]] = [cells[j] ?? null, cells[i] ?? null];
    }
    return cells;
  });
  return {
    columns: table.columns,
    rows: table.rows.map((_, row) => columns.map((c) => c[row] ?? null)),
  };
}

function findPair(
  report: ReturnType<typeof buildQualityReport>,
  columnA: string,
  columnB: string,
): { score: number; strong: boolean } {
  const pair = report.pairTrends.pairs.find((p) => p.columnA === columnA && p.columnB === columnB);
  if (pair === undefined) throw new Error(`No pair ${columnA}/${columnB}`);
  return pair;
}

describe('buildQualityReport', () => {
  const real = makeRelatedTable(1000, 1);

  it('scores a table compared with itself 1 everywhere and flags every row as a copy', () => {
    const report = buildQualityReport({ real, synthetic: real, schema });
    expect(report.overall).toBeCloseTo(1, 10);
    for (const shape of report.columnShapes.columns) expect(shape.score).toBeCloseTo(1, 10);
    for (const pair of report.pairTrends.pairs) expect(pair.score).toBeCloseTo(1, 10);
    expect(report.pairTrends.strongScore).toBeCloseTo(1, 10);
    expect(report.diagnostic.score).toBe(1);
    expect(report.privacy.exactCopyShare).toBe(1);
    expect(report.privacy.dcr.synthetic).toEqual({ median: 0, p5: 0 });
    expect(report.mlEfficacy).toBeNull();
  });

  it('keeps column shapes at 1 for independently shuffled columns but loses the strong pairs', () => {
    const report = buildQualityReport({ real, synthetic: shuffleColumns(real, 2), schema });
    expect(report.columnShapes.score).toBeCloseTo(1, 10);
    const xy = findPair(report, 'x', 'y');
    expect(xy.strong).toBe(true);
    expect(xy.score).toBeLessThan(0.6);
    const colourSize = findPair(report, 'colour', 'size');
    expect(colourSize.strong).toBe(true);
    expect(colourSize.score).toBeLessThan(0.8);
    const xColour = findPair(report, 'x', 'colour');
    expect(xColour.strong).toBe(true);
    expect(xColour.score).toBeLessThan(0.8);
    expect(report.pairTrends.strongPairs).toBe(report.pairTrends.pairs.length);
    expect(report.pairTrends.strongScore).toBeLessThan(0.75);
  });

  it('lowers the shape score of a shifted numerical column only', () => {
    const shifted: Table = {
      columns: real.columns,
      rows: real.rows.map(([x, ...rest]) => [String(Number(x) + 30), ...rest]),
    };
    const report = buildQualityReport({ real, synthetic: shifted, schema });
    const [x, y, colour] = report.columnShapes.columns;
    expect(x?.score).toBeLessThan(0.75);
    expect(x?.score).toBeGreaterThan(0.6);
    expect(y?.score).toBe(1);
    expect(colour?.score).toBe(1);
    expect(report.diagnostic.validity[0]?.score).toBeCloseTo(0.7, 1);
  });

  it('compares a numerical column whose values happen to be all distinct, but not a key', () => {
    const amounts: Table = {
      columns: ['id', 'amount'],
      rows: [
        ['1', '10.5'],
        ['2', '20.25'],
        ['3', '30.75'],
      ],
    };
    const amountSchema: TableSchema = {
      columns: [
        { name: 'id', kind: 'id', isUnique: true },
        { name: 'amount', kind: 'numerical', isUnique: true },
      ],
      primaryKey: 'id',
    };
    const report = buildQualityReport({ real: amounts, synthetic: amounts, schema: amountSchema });
    expect(report.columnShapes.columns.map((shape) => shape.column)).toEqual(['amount']);
  });

  it('lowers validity for values outside the real range or category set, and for repeated keys', () => {
    const keyed: TableSchema = {
      columns: [
        { name: 'id', kind: 'id' },
        { name: 'x', kind: 'numerical' },
        { name: 'colour', kind: 'categorical' },
      ],
      primaryKey: 'id',
    };
    const table = (rows: (string | null)[][]): Table => ({ columns: ['id', 'x', 'colour'], rows });
    const report = buildQualityReport({
      real: table([
        ['1', '0', 'red'],
        ['2', '10', 'blue'],
      ]),
      synthetic: table([
        ['1', '5', 'red'],
        ['1', '11', 'green'],
        ['2', '-1', 'blue'],
        ['3', null, 'red'],
      ]),
      schema: keyed,
    });
    expect(report.diagnostic.validity).toEqual([
      { column: 'x', score: 1 / 3 },
      { column: 'colour', score: 3 / 4 },
    ]);
    expect(report.diagnostic.keyUniqueness).toEqual([{ column: 'id', score: 2 / 4 }]);
    expect(report.skippedColumns).toEqual(['id']);
  });

  it('counts exact copies of real rows in the privacy share', () => {
    const other = makeRelatedTable(1000, 7);
    const synthetic: Table = {
      columns: real.columns,
      rows: [...real.rows.slice(0, 250), ...other.rows.slice(0, 750)],
    };
    const report = buildQualityReport({ real, synthetic, schema, holdout: other });
    expect(report.privacy.exactCopyShare).toBe(0.25);
    expect(report.privacy.holdoutExactCopyShare).toBe(0);
  });

  it('compares the distance to closest record of synthetic rows with the holdout on a tiny case', () => {
    const tiny: TableSchema = {
      columns: [
        { name: 'x', kind: 'numerical' },
        { name: 'c', kind: 'categorical' },
      ],
      primaryKey: null,
    };
    const table = (rows: (string | null)[][]): Table => ({ columns: ['x', 'c'], rows });
    const report = buildQualityReport({
      real: table([
        ['0', 'a'],
        ['10', 'b'],
      ]),
      // distances: (0 + 0) / 2 = 0 and (0.1 + 0) / 2 = 0.05
      synthetic: table([
        ['0', 'a'],
        ['9', 'b'],
      ]),
      // distances: (0.5 + 0) / 2 = 0.25 and min((0.5 + 1) / 2, (0.5 + 0) / 2) ... = 0.25; missing x: 0.5
      holdout: table([
        ['5', 'a'],
        [null, 'b'],
      ]),
      schema: tiny,
    });
    expect(report.privacy.dcr.synthetic.median).toBeCloseTo(0.025, 10);
    expect(report.privacy.dcr.synthetic.p5).toBeCloseTo(0.0025, 10);
    expect(report.privacy.dcr.holdout?.median).toBeCloseTo(0.375, 10);
    expect(report.privacy.dcr.holdout?.p5).toBeCloseTo(0.2625, 10);
    expect(report.privacy.exactCopyShare).toBe(0.5);
  });

  it('charts shares per histogram bin for real and synthetic data', () => {
    const report = buildQualityReport({ real, synthetic: real, schema });
    const [x, , colour] = report.histograms;
    expect(x?.bins).toHaveLength(21);
    expect(x?.real.reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 10);
    expect(x?.synthetic).toEqual(x?.real);
    expect(colour?.bins.slice(0, 2).sort()).toEqual(['blue', 'red']);
  });

  it('reads datetime columns as instants for shapes and validity', () => {
    const dated: TableSchema = { columns: [{ name: 'day', kind: 'datetime' }], primaryKey: null };
    const days = (dates: string[]): Table => ({ columns: ['day'], rows: dates.map((d) => [d]) });
    const real = days(['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04']);
    const synthetic = days(['2024-01-03', '2024-01-04', '2024-01-05', 'not a date']);
    const report = buildQualityReport({ real, synthetic, schema: dated });
    // the real CDF reaches 1/2 on 2024-01-02, where the synthetic one is still 0
    expect(report.columnShapes.columns[0]).toEqual({
      column: 'day',
      metric: 'ks-complement',
      score: 0.5,
    });
    expect(report.diagnostic.validity[0]?.score).toBe(0.5);
  });

  it('gives a date column’s histogram its bin edges as instants, a number column’s none', () => {
    const dated: TableSchema = {
      columns: [
        { name: 'day', kind: 'datetime' },
        { name: 'amount', kind: 'numerical' },
      ],
      primaryKey: null,
    };
    const table: Table = {
      columns: ['day', 'amount'],
      rows: [
        ['2024-01-01', '1'],
        ['2024-01-21', '2'],
      ],
    };
    const [day, amount] = buildQualityReport({
      real: table,
      synthetic: table,
      schema: dated,
    }).histograms;
    expect(day?.datetimeEdges).toHaveLength(21);
    expect(day?.datetimeEdges?.[0]).toBe(Date.parse('2024-01-01'));
    expect(day?.datetimeEdges?.[1]).toBe(Date.parse('2024-01-02'));
    expect(day?.datetimeEdges?.at(-1)).toBe(Date.parse('2024-01-21'));
    expect(amount?.datetimeEdges).toBeUndefined();
  });

  it('rejects a schema column missing from the synthetic table', () => {
    expect(() =>
      buildQualityReport({ real, synthetic: { columns: ['x'], rows: [['1']] }, schema }),
    ).toThrow('"y"');
  });
});
