import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TableError } from '../table.js';
import { readCsvBatches, readCsvRows } from './csv-rows.js';

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

  it('keeps a character whole when the bytes of a chunk end inside it', async () => {
    const bytes = Buffer.from('city,n\nValència,1\nMálaga,2\n');
    const cut = bytes.indexOf(Buffer.from('è')) + 1;
    const source = Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]);

    expect(await collect(source)).toEqual([
      ['city', 'n'],
      ['València', '1'],
      ['Málaga', '2'],
    ]);
  });

  it('gives the rows of each chunk together, the header alone first', async () => {
    const batches: string[][][] = [];
    for await (const rows of readCsvBatches(Readable.from(['a,b\n1,2\n3,', '4\n5,6\n']))) {
      batches.push(rows);
    }

    expect(batches).toEqual([
      [['a', 'b']],
      [['1', '2']],
      [
        ['3', '4'],
        ['5', '6'],
      ],
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
    const rows: string[][] = [];
    const reading = (async () => {
      for await (const row of readCsvRows(Readable.from(['a,b\n1,2\n3\n']))) rows.push(row);
    })();

    await expect(reading).rejects.toThrow(TableError);
    await expect(reading).rejects.toThrow('Row 3 has 1 cells; the header has 2.');
    expect(rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});
