import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TDataResponse } from '@app/contracts/nucleus';
import { Piscina } from 'piscina';
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

/**
 * The old generation allowed to the engine's thread converting: room for the engine's code and
 * a few batches of rows, a fraction of the 64 MB CSV's rows held whole (several hundred MB).
 */
const ENGINE_HEAP_MB = 128;

describe('the engine converting a large CSV', () => {
  it('reads it a batch of rows at a time, in a thread whose heap is far smaller than the rows', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'nucleus-convert-'));
    // The CPU pool's thread, as the server runs it, but with its heap bounded: over the bound
    // the thread dies and the task fails.
    const engine = new Piscina({
      filename: new URL('../../platform/cpu/tasks-from-source.mjs', import.meta.url).href,
      maxThreads: 1,
      resourceLimits: { maxOldGenerationSizeMb: ENGINE_HEAP_MB },
    });
    try {
      const file = path.join(scratch, 'data.csv');
      const csv = largeCsv(LARGE_BYTES);
      await pipeline(csv.stream, createWriteStream(file));
      expect((await stat(file)).size).toBeGreaterThanOrEqual(LARGE_BYTES);
      for (const format of ['jsonl', 'parquet']) {
        const outputFile = path.join(scratch, `data.${format}`);
        const outcome: unknown = await engine.run(
          { file, format, outputFile },
          { name: 'convertDataset' },
        );
        expect(outcome).toEqual({ ok: true, value: null });
      }
      const { lines, first } = await countLines(createReadStream(path.join(scratch, 'data.jsonl')));
      expect(lines).toBe(csv.rows());
      expect(JSON.parse(first)).toEqual({ id: 0, city: 'City 0', age: 20, spend: 0 });
      const parquet = await readFile(path.join(scratch, 'data.parquet'));
      expect([parquet.subarray(0, 4), parquet.subarray(-4)].map(String)).toEqual(['PAR1', 'PAR1']);
    } finally {
      await engine.destroy();
      await rm(scratch, { recursive: true, force: true });
    }
  }, 600_000);
});
