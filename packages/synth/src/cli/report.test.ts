import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QualityReport } from '../report/index.js';
import { runCli, type CliRun } from '@app/engine-kit/testing';
import { runReportCommand } from './report.js';

function run(args: string[]): Promise<CliRun> {
  return runCli(runReportCommand, { args });
}

const REAL = 'age,city\n30,Paris\n40,Lyon\n50,Paris\n60,Nice\n';

describe('runReportCommand', () => {
  let folder = '';
  const file = (name: string): string => path.join(folder, name);

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'synth-report-'));
    const files: Record<string, string> = {
      'real.csv': REAL,
      'synthetic.csv': 'city,age\nParis,30\nLyon,45\nParis,80\nNice,60\n',
      'holdout.csv': 'age,city\n35,Paris\n45,Nice\n',
      'labelled.csv': `age,rich\n${Array.from({ length: 60 }, (_, i) => `${String(20 + 2 * i)},${i >= 30 ? 'yes' : 'no'}`).join('\n')}\n`,
      'other-columns.csv': 'age,town\n30,Paris\n',
      'empty.csv': '',
      'header-only.csv': 'age,city\n',
      'malformed.csv': 'age,city\n30,Paris,extra\n',
      'schema.json': JSON.stringify({
        columns: [
          { name: 'age', kind: 'categorical' },
          { name: 'city', kind: 'categorical' },
        ],
        primaryKey: null,
      }),
      'bad-schema.json': '{"columns": [{"name": "age", "kind": "money"}]}',
    };
    await Promise.all(Object.entries(files).map(([name, text]) => writeFile(file(name), text)));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true });
  });

  it('prints the report as JSON, reading all-number columns as numerical', async () => {
    const { code, stdout } = await run([
      file('real.csv'),
      file('synthetic.csv'),
      '--holdout',
      file('holdout.csv'),
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as QualityReport;
    expect(report.columnShapes.columns.map((shape) => shape.metric)).toEqual([
      'ks-complement',
      'tv-complement',
    ]);
    expect(report.diagnostic.validity[0]).toEqual({ column: 'age', score: 0.75 });
    expect(report.privacy.exactCopyShare).toBe(0.5);
    expect(report.privacy.holdoutExactCopyShare).toBe(0);
    expect(report.privacy.dcr.holdout).not.toBeNull();
  });

  it('measures machine-learning efficacy of a binary --target against the holdout', async () => {
    const labelled = file('labelled.csv');
    const { code, stdout } = await run([
      labelled,
      labelled,
      '--holdout',
      labelled,
      '--target',
      'rich',
    ]);
    expect(code).toBe(0);
    const { mlEfficacy } = JSON.parse(stdout) as QualityReport;
    expect(mlEfficacy).toMatchObject({
      target: 'rich',
      realAccuracy: 1,
      syntheticAccuracy: 1,
      gap: 0,
    });
  });

  it('follows the column kinds of a schema file', async () => {
    const { code, stdout } = await run([
      file('real.csv'),
      file('synthetic.csv'),
      '--schema',
      file('schema.json'),
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as QualityReport;
    expect(report.columnShapes.columns[0]).toEqual({
      column: 'age',
      metric: 'tv-complement',
      score: 0.5,
    });
  });

  it.each([
    ['other-columns.csv', 'missing city; not in the real data: town'],
    ['empty.csv', 'is empty'],
    ['header-only.csv', 'no rows'],
    ['malformed.csv', 'Row 2 has 3 cells; the header has 2.'],
    ['absent.csv', 'Cannot read'],
  ])('exits 1 with a clear message for the synthetic file %s', async (name, message) => {
    const { code, stdout, stderr } = await run([file('real.csv'), file(name)]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
  });

  it('exits 1 when the holdout has other columns', async () => {
    const { code, stderr } = await run([
      file('real.csv'),
      file('synthetic.csv'),
      '--holdout',
      file('other-columns.csv'),
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain('other-columns.csv has other columns');
  });

  it.each([
    [[], 'Missing REAL.csv or SYNTH.csv.'],
    [['a.csv', 'b.csv', 'c.csv'], 'Unexpected argument: c.csv'],
    [['a.csv', 'b.csv', '--holdout'], '--holdout needs a file.'],
    [['a.csv', 'b.csv', '--target', 'rich'], '--target needs --holdout'],
  ])('exits 2 with the usage for the arguments %j', async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: synth report');
  });

  it('exits 2 for a schema file with an unknown column kind', async () => {
    const { code, stderr } = await run([
      file('real.csv'),
      file('synthetic.csv'),
      '--schema',
      file('bad-schema.json'),
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('known kinds');
  });
});
