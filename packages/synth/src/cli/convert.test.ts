import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTableBytes } from '../formats/index.js';
import { runCli } from '@app/engine-kit/testing';
import { runConvertCommand } from './convert.js';
import { runProfileCommand } from './profile.js';
import type { TableProfile } from '../profiling/index.js';

const directory = mkdtempSync(path.join(tmpdir(), 'convert-'));
const input = path.join(directory, 'out.csv');
writeFileSync(input, 'age,city\n30,Lyon\n41,Oslo\n52,\n');

describe('convert command', () => {
  it('rewrites a CSV output as XLSX that profiles like the CSV', async () => {
    const { code, stdoutBytes } = await runCli(runConvertCommand, {
      args: ['--format', 'xlsx', input],
    });
    expect(code).toBe(0);
    const workbook = path.join(directory, 'out.xlsx');
    writeFileSync(workbook, stdoutBytes);
    const table = await readTableBytes({ bytes: stdoutBytes, format: 'xlsx' });
    expect(table.rows).toEqual([
      ['30', 'Lyon'],
      ['41', 'Oslo'],
      ['52', null],
    ]);
    const profile = await runCli(runProfileCommand, { args: [workbook] });
    expect(profile.code).toBe(0);
    const { columns } = JSON.parse(profile.stdout) as TableProfile;
    expect(columns.map((column) => column.type)).toEqual(['numerical:integer', 'categorical']);
  });

  it('reads CSV from standard input and writes JSON lines', async () => {
    const { code, stdout } = await runCli(runConvertCommand, {
      args: ['--format', 'jsonl', '-'],
      stdin: 'n\n1\n',
    });
    expect({ code, stdout }).toEqual({ code: 0, stdout: '{"n":1}\n' });
  });

  it.each([
    [['--format', 'xml', input], /Unknown format "xml"/],
    [['--format', 'csv'], /exactly one input file/],
    [['--format', 'csv', path.join(directory, 'missing.csv')], /Cannot read/],
    [['--format', 'parquet', '-'], /input is empty/],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    const { code, stderr } = await runCli(runConvertCommand, { args });
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
