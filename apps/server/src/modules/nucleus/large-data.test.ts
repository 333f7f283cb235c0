import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { TDataResponse } from '@app/contracts/nucleus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peakBufferGrowth } from '../../test/memory.js';
import { bearer, buildTestApp, expectAppError, type TestApp } from '../../test/test-app.js';
import { runFileKey } from './files.js';
import { finishedRun, nucleusTeam } from './nucleus-fixtures.js';
import { XLSX_MAX_CSV_BYTES } from './runs.js';

const MB = 1024 * 1024;
const LARGE_BYTES = 64 * MB;

let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp();
}, 180_000);

afterAll(async () => {
  await test.close();
});

/** Generated rows as CSV of at least `bytes`, made a megabyte at a time; answers its row count. */
function largeCsv(bytes: number): { stream: Readable; rows: () => number } {
  let rows = 0;
  function* chunks() {
    yield 'id,city,age,spend\n';
    let written = 0;
    while (written < bytes) {
      let chunk = '';
      while (chunk.length < MB) {
        chunk += `${String(rows)},City ${String(rows % 50)},${String(20 + (rows % 60))},${((rows % 997) * 1.25).toFixed(2)}\n`;
        rows++;
      }
      written += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), rows: () => rows };
}

async function countLines(stream: Readable): Promise<{ lines: number; first: string }> {
  let lines = 0;
  let first = '';
  for await (const line of createInterface({ input: stream })) {
    if (lines === 0) first = line;
    lines++;
  }
  return { lines, first };
}

describe('a large run output converted to another format', () => {
  it('streams it from storage through the engine and back, holding far less than the file', async () => {
    const { session, teamId } = await nucleusTeam(test);
    const run = { ...(await finishedRun(test, session)), teamId };
    const { storage } = test.app.deps;
    const csv = largeCsv(LARGE_BYTES);
    await storage.putStream(runFileKey(run, 'data.csv'), csv.stream, 'text/csv');
    const csvBytes = (await storage.size(runFileKey(run, 'data.csv'))) ?? 0;
    expect(csvBytes).toBeGreaterThanOrEqual(LARGE_BYTES);

    const convert = async (format: string) => {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/sinteza/run/${run.id}/data?format=${format}`,
        headers: bearer(session),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TDataResponse>().format).toBe(format);
    };
    const jsonlGrowth = await peakBufferGrowth(() => convert('jsonl'));
    const parquetGrowth = await peakBufferGrowth(() => convert('parquet'));
    console.log(
      `converted ${String(Math.round(csvBytes / MB))} MB of CSV: at most ${String(Math.round(jsonlGrowth / MB))} MB of Buffers live for JSON lines, ${String(Math.round(parquetGrowth / MB))} MB for Parquet`,
    );
    // Reading the CSV whole, or the converted file, would be a copy of the file or more.
    expect(jsonlGrowth).toBeLessThan(csvBytes * 0.5);
    expect(parquetGrowth).toBeLessThan(csvBytes * 0.5);

    const jsonl = await storage.openRead(runFileKey(run, 'data.jsonl'));
    if (!jsonl) throw new Error('the JSON lines are not stored');
    const { lines, first } = await countLines(jsonl);
    expect(lines).toBe(csv.rows());
    expect(JSON.parse(first)).toEqual({ id: 0, city: 'City 0', age: 20, spend: 0 });
    const parquet = await storage.openRead(runFileKey(run, 'data.parquet'));
    if (!parquet) throw new Error('the Parquet file is not stored');
    const head = (await parquet.take(1).toArray()) as Buffer[];
    expect(head[0]?.subarray(0, 4).toString()).toBe('PAR1');

    const xlsx = await test.app.inject({
      method: 'GET',
      url: `/api/sinteza/run/${run.id}/data?format=xlsx`,
      headers: bearer(session),
    });
    expect(csvBytes).toBeGreaterThan(XLSX_MAX_CSV_BYTES);
    expectAppError(xlsx, 422, 'BUSINESS_RULE');
    expect(await storage.has(runFileKey(run, 'data.xlsx'))).toBe(false);
  }, 600_000);
});
