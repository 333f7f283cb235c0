import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategorizer } from '../categories/index.js';
import { runCategorizeCommand } from './categorize.js';
import { runCli, type CliRun } from '@app/engine-kit/testing';

function run(input: string, args: string[] = []): Promise<CliRun> {
  return runCli(runCategorizeCommand, { args, stdin: input });
}

function parseLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

describe('runCategorizeCommand', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'categorize-cli-'));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('prints one {id, category, parent, confidence} line per transaction and exits 0', async () => {
    const input = [
      JSON.stringify({ id: 'a1', description: 'RECIBO IBERDROLA CLIENTES', amount: -6512 }),
      JSON.stringify({ id: 7, description: 'TRANSFERENCIA NOMINA', amount: 185000 }),
    ].join('\n');
    const result = await run(`${input}\n`);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(parseLines(result.stdout)).toEqual([
      {
        id: 'a1',
        category: 'Electricity',
        parent: 'Utilities',
        confidence: expect.any(Number) as number,
      },
      { id: 7, category: 'Salary', parent: 'Income', confidence: expect.any(Number) as number },
    ]);
  });

  it('skips blank lines and accepts Windows line ends and a missing final newline', async () => {
    const line = JSON.stringify({ id: 'x', description: 'Netflix.com', amount: -1299 });
    const result = await run(`\r\n${line}\r\n\r\n${line}`);
    expect(result.code).toBe(0);
    expect(parseLines(result.stdout)).toHaveLength(2);
  });

  it('reports a bad JSON line with its line number, goes on, and exits 1', async () => {
    const good = JSON.stringify({ id: 'ok', description: 'MERCADONA', amount: -900 });
    const result = await run(`${good}\n{"id": "b", "description": \n${good}\n`);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('line 2: invalid JSON\n');
    expect(parseLines(result.stdout)).toHaveLength(2);
  });

  it('reports a line that is not a JSON object', async () => {
    const result = await run('[1, 2]\n"text"\nnull\n');
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      'line 1: expected a JSON object {"id","description","amount"}',
      'line 2: expected a JSON object {"id","description","amount"}',
      'line 3: expected a JSON object {"id","description","amount"}',
    ]);
    expect(result.stdout).toBe('');
  });

  it('names every missing field of a line', async () => {
    const result = await run('{}\n{"id": "c", "amount": -100}\n');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'line 1: missing "id", missing "description", missing "amount"\n' +
        'line 2: missing "description"\n',
    );
  });

  it('rejects fields of the wrong type, and amounts that are not whole cents', async () => {
    const lines = [
      { id: true, description: 'BAR', amount: -100 },
      { id: 'd', description: 42, amount: -100 },
      { id: 'e', description: 'BAR', amount: '-1.00' },
      { id: 'f', description: 'BAR', amount: -1.5 },
    ].map((line) => JSON.stringify(line));
    const result = await run(`${lines.join('\n')}\n`);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      'line 1: "id" must be a string or a number',
      'line 2: "description" must be a string',
      'line 3: "amount" must be a whole number of cents',
      'line 4: "amount" must be a whole number of cents',
    ]);
  });

  it('applies a team’s corrections file', async () => {
    const categorizer = createCategorizer();
    const corrections = categorizer.learn({
      description: 'MERCADONA VALENCIA',
      amount: -900,
      categoryId: 1204,
    });
    const file = path.join(folder, 'corrections.json');
    await writeFile(file, JSON.stringify(corrections));
    const line = JSON.stringify({ id: 1, description: 'MERCADONA VALENCIA', amount: -1500 });
    const result = await run(`${line}\n`, ['--corrections', file]);
    expect(result.code).toBe(0);
    expect(parseLines(result.stdout)).toEqual([
      { id: 1, category: 'Suppliers', parent: 'Business', confidence: 0.98 },
    ]);
  });

  it('exits 2 with the usage on an unknown argument or a missing corrections file name', async () => {
    for (const args of [['--fast'], ['--corrections']]) {
      const result = await run('', args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Usage: finance categorize');
      expect(result.stdout).toBe('');
    }
  });

  it('exits 2 when the corrections file is missing, not JSON or not corrections', async () => {
    const notJson = path.join(folder, 'not-json.json');
    const notCorrections = path.join(folder, 'not-corrections.json');
    await writeFile(notJson, '{');
    await writeFile(notCorrections, JSON.stringify({ version: 9, entries: [] }));
    const cases: [string, string][] = [
      [path.join(folder, 'missing.json'), 'Cannot read'],
      [notJson, 'is not valid JSON'],
      [notCorrections, 'Invalid corrections: corrections.version must be 1'],
    ];
    for (const [file, message] of cases) {
      const result = await run('', ['--corrections', file]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });

  it('prints the usage on --help and exits 0', async () => {
    const result = await run('', ['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: finance categorize');
  });

  it('keeps the output in input order for many lines', async () => {
    const lines = Array.from({ length: 5_000 }, (_, index) =>
      JSON.stringify({ id: index, description: `MERCADONA ${index}`, amount: -index - 1 }),
    );
    const result = await run(`${lines.join('\n')}\n`);
    const ids = parseLines(result.stdout).map((line) => (line as { id: number }).id);
    expect(ids).toEqual(Array.from({ length: 5_000 }, (_, index) => index));
  });
});
