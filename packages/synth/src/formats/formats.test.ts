import { PassThrough, Readable } from 'node:stream';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import type { RowBatch } from '../synthesizers/synthesizer.js';
import { writeRows, XLSX_MAX_ROWS, type OutputFormat } from '../synthesizers/write-rows.js';
import { readCsvTable, TableError, type TableSchema } from '../table.js';
import { convertCsvStream, convertTable } from './convert-table.js';
import { detectInputFormat, readTableBytes } from './read-table.js';

const columns = ['id', 'amount', 'name', 'day'];
const schema: TableSchema = {
  primaryKey: 'id',
  columns: [
    { name: 'id', kind: 'numerical', isInteger: true },
    { name: 'amount', kind: 'numerical', isInteger: false },
    { name: 'name', kind: 'categorical' },
    { name: 'day', kind: 'datetime', datetimeFormat: 'yyyy-MM-dd' },
  ],
};
const batches: RowBatch[] = [
  { columns, rows: [[1, 2.5, 'a, "b"', '2024-01-31']] },
  { columns, rows: [[2, null, null, '2024-02-01']] },
];
const expectedCells = [
  ['1', '2.5', 'a, "b"', '2024-01-31'],
  ['2', null, null, '2024-02-01'],
];

async function capture(
  write: (stream: NodeJS.WritableStream) => Promise<void>,
): Promise<Uint8Array> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(stream);
  return new Uint8Array(Buffer.concat(chunks));
}

function writeAs(format: OutputFormat, rows: Iterable<RowBatch> = batches): Promise<Uint8Array> {
  return capture((stream) => writeRows({ format, batches: rows, stream, schema }));
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe('writeRows in Parquet and XLSX', () => {
  it('writes Parquet with one row group per batch, integers as INT64 and decimals as DOUBLE, that reads back to the same cells', async () => {
    const bytes = await writeAs('parquet');
    const metadata = parquetMetadata(toArrayBuffer(bytes));
    expect(metadata.row_groups).toHaveLength(2);
    expect(metadata.schema.slice(1).map((element) => element.type)).toEqual([
      'INT64',
      'DOUBLE',
      'BYTE_ARRAY',
      'BYTE_ARRAY',
    ]);
    const objects = await parquetReadObjects({ file: toArrayBuffer(bytes) });
    expect(objects[0]).toEqual({ id: 1n, amount: 2.5, name: 'a, "b"', day: '2024-01-31' });
    expect((await readTableBytes({ bytes, format: 'parquet' })).rows).toEqual(expectedCells);
  });

  it('writes XLSX with a header row that reads back to the same cells', async () => {
    const table = await readTableBytes({ bytes: await writeAs('xlsx'), format: 'xlsx' });
    expect(table.columns).toEqual(columns);
    expect(table.rows).toEqual(expectedCells);
  });

  it('refuses XLSX output longer than a sheet', async () => {
    const tooLong = [{ columns, rows: new Array(XLSX_MAX_ROWS + 1).fill([1, 1, 'a', 'b']) }];
    await expect(writeAs('xlsx', tooLong)).rejects.toThrow('at most 1048575 rows');
  });
});

describe('readTableBytes', () => {
  it('picks the reader by extension and refuses bytes that are not of the format', async () => {
    expect(['a.parquet', 'b.XLSX', 'c.xls', 'd.csv', 'e'].map(detectInputFormat)).toEqual([
      'parquet',
      'xlsx',
      'xlsx',
      'csv',
      'csv',
    ]);
    const csv = new TextEncoder().encode('a,b\n1,2\n');
    await expect(readTableBytes({ bytes: csv, format: 'parquet' })).rejects.toThrow(
      'not a Parquet',
    );
  });
});

describe('convertTable', () => {
  it('changes a CSV output into Parquet, JSON lines and back to CSV, numbers staying numbers', async () => {
    const table = readCsvTable('id,score,city\n1,2.5,Lyon\n2,,Oslo\n3,4,\n');
    const parquet = await capture((stream) => convertTable({ table, format: 'parquet', stream }));
    const objects = await parquetReadObjects({ file: toArrayBuffer(parquet) });
    expect(objects[1]).toEqual({ id: 2n, score: null, city: 'Oslo' });
    const back = await readTableBytes({ bytes: parquet, format: 'parquet' });
    const jsonl = await capture((stream) => convertTable({ table: back, format: 'jsonl', stream }));
    expect(new TextDecoder().decode(jsonl).split('\n')[0]).toBe(
      '{"id":1,"score":2.5,"city":"Lyon"}',
    );
    const csv = await capture((stream) => convertTable({ table: back, format: 'csv', stream }));
    expect(readCsvTable(new TextDecoder().decode(csv))).toEqual(table);
  });

  it('keeps as text a column with a number no double holds exactly, in every format', async () => {
    // Ids zero-padded, amounts past 15 significant digits: written as numbers they would change.
    const table = readCsvTable(
      'id,amount,score\n001,12345678901234567890,1.5\n002,7,2\n003,0.1,3\n',
    );
    const jsonl = await capture((stream) => convertTable({ table, format: 'jsonl', stream }));
    expect(new TextDecoder().decode(jsonl).split('\n').slice(0, 2)).toEqual([
      '{"id":"001","amount":"12345678901234567890","score":1.5}',
      '{"id":"002","amount":"7","score":2}',
    ]);
    const parquet = await capture((stream) => convertTable({ table, format: 'parquet', stream }));
    expect(await parquetReadObjects({ file: toArrayBuffer(parquet) })).toEqual([
      { id: '001', amount: '12345678901234567890', score: 1.5 },
      { id: '002', amount: '7', score: 2 },
      { id: '003', amount: '0.1', score: 3 },
    ]);
    const xlsx = await capture((stream) => convertTable({ table, format: 'xlsx', stream }));
    expect((await readTableBytes({ bytes: xlsx, format: 'xlsx' })).rows).toEqual(table.rows);
  });
});

describe('convertCsvStream', () => {
  /** A CSV read again on each pass, as a file would be, in chunks that split rows and cells. */
  const source = (text: string) => () =>
    Readable.from(
      Array.from({ length: Math.ceil(text.length / 1000) }, (_, index) =>
        text.slice(index * 1000, (index + 1) * 1000),
      ),
    );
  const small =
    '\uFEFF id , score,city,email\n1,2.5,Lyon,ana@example.com\n2,,"Oslo, NO",\n3,4, ,bo@example.com\n';
  const generated = [
    'customer_id,age,spend,segment,joined',
    ...Array.from(
      { length: 9_000 },
      (_, index) =>
        `${String(index + 1)},${String(20 + (index % 60))},${((index % 997) * 1.25).toFixed(2)},${['gold', 'silver', '"bronze, old"'][index % 3] ?? ''},2024-01-${String(1 + (index % 28)).padStart(2, '0')}`,
    ),
  ].join('\n');

  it.each([
    ['a small CSV', small],
    ['9,000 generated rows over several batches of chunks', generated],
  ])('writes %s as convertTable does, in every format', async (_, text) => {
    const table = readCsvTable(text);
    for (const format of ['csv', 'jsonl', 'parquet'] as const) {
      const streamed = await capture((stream) =>
        convertCsvStream({ open: source(text), format, stream }),
      );
      const whole = await capture((stream) => convertTable({ table, format, stream }));
      expect(Buffer.from(streamed).equals(Buffer.from(whole)), format).toBe(true);
    }
    const xlsx = await capture((stream) =>
      convertCsvStream({ open: source(text), format: 'xlsx', stream }),
    );
    expect(await readTableBytes({ bytes: xlsx, format: 'xlsx' })).toEqual(
      await readTableBytes({
        bytes: await capture((stream) => convertTable({ table, format: 'xlsx', stream })),
        format: 'xlsx',
      }),
    );
  });

  it('checks past the profiled rows: text further down stays text, a fraction is no integer', async () => {
    const rows = Array.from(
      { length: 12_000 },
      (_, index) => `${String(index % 100)},${String(index % 90)}`,
    );
    const text = `count,code\n${rows.join('\n')}\n50,N/A\n50.5,7\n`;
    const parquet = await capture((stream) =>
      convertCsvStream({ open: source(text), format: 'parquet', stream }),
    );
    const objects = await parquetReadObjects({ file: toArrayBuffer(parquet) });
    expect(objects.length).toBe(12_002);
    expect(objects[0]).toEqual({ count: 0, code: '0' });
    expect(objects.at(-2)).toEqual({ count: 50, code: 'N/A' });
    expect(objects.at(-1)).toEqual({ count: 50.5, code: '7' });
  });

  it('checks past the profiled rows: a zero-padded number further down keeps the column text', async () => {
    const rows = Array.from({ length: 12_000 }, (_, index) => String(index % 100));
    const text = `count\n${rows.join('\n')}\n00123\n`;
    const parquet = await capture((stream) =>
      convertCsvStream({ open: source(text), format: 'parquet', stream }),
    );
    const objects = await parquetReadObjects({ file: toArrayBuffer(parquet) });
    expect(objects[1]).toEqual({ count: '1' });
    expect(objects.at(-1)).toEqual({ count: '00123' });
  });

  it('refuses a CSV without a header', async () => {
    await expect(
      capture((stream) => convertCsvStream({ open: source('\n\n'), format: 'jsonl', stream })),
    ).rejects.toThrow(TableError);
  });
});
