import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTableBytes } from '../formats/index.js';
import { readCsvTable } from '../table.js';
import { runAlgorithmsCommand } from './algorithms.js';
import { runSynthesizeCommand } from './synthesize.js';
import { runCli } from '@app/engine-kit/testing';

const directory = mkdtempSync(path.join(tmpdir(), 'synthesize-'));
const input = path.join(directory, 'in.csv');
writeFileSync(input, 'id,x,colour\n1,1.5,red\n2,2.5,blue\n3,3.5,red\n4,,green\n');
const schemaFile = path.join(directory, 'schema.json');
writeFileSync(
  schemaFile,
  JSON.stringify({
    primaryKey: 'id',
    columns: [
      { name: 'id', kind: 'id' },
      { name: 'x', kind: 'numerical' },
      { name: 'colour', kind: 'categorical' },
    ],
  }),
);

function run(command: typeof runSynthesizeCommand, args: string[], stdin = '') {
  return runCli(command, { args, stdin });
}

describe('synthesize command', () => {
  it('writes the requested rows as CSV, the same for the same seed', async () => {
    const first = await run(runSynthesizeCommand, ['--rows', '50', '--seed', '3', input]);
    const second = await run(runSynthesizeCommand, ['--rows', '50', '--seed', '3', input]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    const table = readCsvTable(first.stdout);
    expect(table.columns).toEqual(['id', 'x', 'colour']);
    expect(table.rows).toHaveLength(50);
  });

  it('uses a schema file, giving keys fresh values, and writes JSON lines', async () => {
    const { code, stdout } = await run(runSynthesizeCommand, [
      '--algorithm',
      'independent-marginals',
      '--format',
      'jsonl',
      '--schema',
      schemaFile,
      '--rows',
      '5',
      input,
    ]);
    expect(code).toBe(0);
    const rows = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number });
    expect(rows.map((row) => row.id)).toEqual([5, 6, 7, 8, 9]);
  });

  it('writes Parquet from the Bayesian network with its parameters, readable as a table again', async () => {
    const args = ['--algorithm', 'bayesian-network', '--parameters', '{"degree":1,"epsilon":5}'];
    const { code, stdoutBytes } = await runCli(runSynthesizeCommand, {
      args: [...args, '--format', 'parquet', '--rows', '20', '--seed', '4', input],
    });
    expect(code).toBe(0);
    const table = await readTableBytes({ bytes: stdoutBytes, format: 'parquet' });
    expect(table.columns).toEqual(['id', 'x', 'colour']);
    expect(table.rows).toHaveLength(20);
    for (const [, , colour] of table.rows) expect(['red', 'blue', 'green']).toContain(colour);
  });

  it('reads standard input for -', async () => {
    const { code, stdout } = await run(
      runSynthesizeCommand,
      ['--rows', '2', '-'],
      'a,b\n1,x\n2,y\n',
    );
    expect(code).toBe(0);
    expect(readCsvTable(stdout).rows).toHaveLength(2);
  });

  it.each([
    [['--algorithm', 'gan', input], /Unknown algorithm "gan"/],
    [['--rows=-5', input], /--rows must be a whole number/],
    [['--rows', 'many', input], /--rows must be a whole number/],
    [['--seed', '1.5', input], /--seed must be a whole number/],
    [['--format', 'xml', input], /Unknown format "xml"/],
    [[], /exactly one input file/],
    [['--colour', input], /Unknown option/],
    [[path.join(directory, 'missing.csv')], /Cannot read/],
    [['--schema', input, input], /schema file is not JSON/],
    [['--parameters', '{"degree":2}', input], /gaussian-copula has no parameter "degree"/],
    [['--algorithm', 'bayesian-network', '--parameters', '{"degree":1.5}', input], /whole number/],
    [['--parameters', '[1]', input], /must be an object/],
    [['--parameters', '{', input], /--parameters is not JSON/],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    const { code, stderr } = await run(runSynthesizeCommand, args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('exits 2 for empty input and for a header without rows', async () => {
    expect((await run(runSynthesizeCommand, ['-'], '')).stderr).toMatch(/input is empty/);
    const headerOnly = await run(runSynthesizeCommand, ['-'], 'a,b\n');
    expect(headerOnly.code).toBe(2);
    expect(headerOnly.stderr).toMatch(/no data rows/);
  });
});

describe('algorithms command', () => {
  it('lists the algorithms with their parameters as JSON', async () => {
    const { code, stdout } = await run(runAlgorithmsCommand, []);
    expect(code).toBe(0);
    const algorithms = JSON.parse(stdout) as { name: string; parameters: { name: string }[] }[];
    expect(algorithms.map((algorithm) => algorithm.name)).toEqual([
      'gaussian-copula',
      'bayesian-network',
      'independent-marginals',
    ]);
    expect(algorithms[0]?.parameters.map((parameter) => parameter.name)).toContain('seed');
  });

  it('exits 2 on extra arguments', async () => {
    expect((await run(runAlgorithmsCommand, ['x'])).code).toBe(2);
  });
});
