import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../table.js';
import { writeRows } from './write-rows.js';

async function capture(format: 'csv' | 'jsonl'): Promise<string> {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const columns = ['name', 'n'];
  await writeRows({
    format,
    batches: [
      { columns, rows: [['a, "b"', 1]] },
      { columns, rows: [[null, 2.5]] },
    ],
    stream,
  });
  return chunks.join('');
}

describe('writeRows', () => {
  it('writes CSV with one header, quoting where needed, that reads back to the same cells', async () => {
    const text = await capture('csv');
    expect(text).toBe('name,n\n"a, ""b""",1\n,2.5\n');
    expect(readCsvTable(text).rows).toEqual([
      ['a, "b"', '1'],
      [null, '2.5'],
    ]);
  });

  it('writes JSON lines keyed by column, numbers as numbers', async () => {
    const lines = (await capture('jsonl'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([
      { name: 'a, "b"', n: 1 },
      { name: null, n: 2.5 },
    ]);
  });
});
