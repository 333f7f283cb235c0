import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TableError } from '../table.js';
import { readCsvRows } from './csv-rows.js';

async function collect(source: Readable, limit = Infinity): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readCsvRows(source)) {
    rows.push(row);
    if (rows.length >= limit) break;
  }
  return rows;
}

describe('readCsvRows', () => {
  it('gives the header and every row of a CSV split across chunks, quotes and all', async () => {
    const source = Readable.from(['\uFEFFid,na', 'me\n1,"a, ""b"""\n', '\n2,c\n']);

    expect(await collect(source)).toEqual([
      ['id', 'name'],
      ['1', 'a, "b"'],
      ['2', 'c'],
    ]);
  });

  it('stops reading, and closes the source, when the consumer stops', async () => {
    const lines = Array.from({ length: 10_000 }, (_, index) => `${String(index)},x\n`);
    const source = Readable.from(['n,v\n', ...lines]);

    const rows = await collect(source, 3);

    expect(rows).toEqual([
      ['n', 'v'],
      ['0', 'x'],
      ['1', 'x'],
    ]);
    expect(source.destroyed).toBe(true);
  });

  it('refuses a row whose cells do not match the header', async () => {
    await expect(collect(Readable.from(['a,b\n1,2\n3\n']))).rejects.toThrow(TableError);
  });
});
