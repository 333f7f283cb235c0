import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableProfile } from '../profiling/index.js';
import { runProfileCommand } from './profile.js';
import { runCli } from '@app/engine-kit/testing';

const directory = mkdtempSync(path.join(tmpdir(), 'profile-cli-'));

function writeCsv(name: string, text: string): string {
  const file = path.join(directory, name);
  writeFileSync(file, text);
  return file;
}

async function run(args: string[], stdinText = '') {
  const result = await runCli(runProfileCommand, { args, stdin: stdinText });
  return { code: result.code, out: result.stdout, err: result.stderr };
}

describe('runProfileCommand', () => {
  it('prints the JSON profile of a CSV file', async () => {
    const file = writeCsv('ok.csv', 'id,score\n1,2.5\n2,3.5\n3,\n');
    const { code, out, err } = await run([file]);
    expect(code).toBe(0);
    expect(err).toBe('');
    const profile = JSON.parse(out) as TableProfile;
    expect(profile.rowCount).toBe(3);
    expect(profile.schema.columns.map((column) => column.kind)).toEqual(['id', 'numerical']);
    expect(profile.columns[1]?.stats?.mean).toBe(3);
  });

  it('profiles a CSV file in one streaming pass over a sample with --sample-rows', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => `${String(i)},${String(i % 3)}`);
    const file = writeCsv('long.csv', `n,group\n${rows.join('\n')}\n`);
    const { code, out } = await run(['--sample-rows', '50', file]);
    expect(code).toBe(0);
    const profile = JSON.parse(out) as TableProfile;
    expect(profile).toMatchObject({ rowCount: 500, sampledRows: 50 });
    expect(profile.columns[0]?.stats).toMatchObject({ min: 0, max: 499 });
    expect((await run(['--sample-rows', '0', file])).code).toBe(1);
  });

  it('reads standard input when given -', async () => {
    const { code, out } = await run(['-'], 'flag\nyes\nno\n');
    expect(code).toBe(0);
    expect((JSON.parse(out) as TableProfile).columns[0]?.type).toBe('boolean');
  });

  it('profiles a one-column file', async () => {
    const { code, out } = await run([writeCsv('one.csv', 'city\nLyon\nOslo\nLyon\n')]);
    expect(code).toBe(0);
    expect((JSON.parse(out) as TableProfile).columns[0]?.topCategories?.[0]).toEqual({
      value: 'Lyon',
      count: 2,
    });
  });

  it('profiles a file with an all-empty column and reports it on stderr', async () => {
    const { code, out, err } = await run([writeCsv('blank.csv', 'id,comment\n1,\n2," "\n')]);
    expect(code).toBe(0);
    expect(err).toBe('Warning: Column "comment" has no values (every cell is empty).\n');
    expect((JSON.parse(out) as TableProfile).columns[1]?.type).toBe('empty');
  });

  it.each([
    ['empty.csv', '', 'Error: The file is empty.\n'],
    ['blank-lines.csv', '\n\n', 'Error: The file is empty.\n'],
    ['header.csv', 'a,b\n', 'Error: The file has a header row but no data rows.\n'],
    ['ragged.csv', 'a,b\n1,2\n3\n', 'Error: Row 3 has 1 cells; the header has 2.\n'],
  ])('refuses %s with exit 1 and a message', async (name, text, message) => {
    const { code, out, err } = await run([writeCsv(name, text)]);
    expect({ code, out, err }).toEqual({ code: 1, out: '', err: message });
  });

  it('refuses a missing file and wrong arguments', async () => {
    const missing = await run([path.join(directory, 'nope.csv')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/Cannot read .*nope\.csv \(ENOENT\)/);
    expect((await run([])).err).toMatch(/^Usage: profile/);
    expect((await run(['a.csv', 'b.csv'])).code).toBe(1);
  });
});
