import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { profileCsvStream, profileTable } from '../src/profiling/index.js';
import { readCsvTable } from '../src/table.js';
import { evalDataPath } from '@app/engine-kit/testing';

const RUNS = 5;

function time<T>(action: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = action();
  return { result, ms: performance.now() - start };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Lines of a generated customer table, header first. */
function* generateLines(rows: number): Generator<string> {
  let seed = 42;
  const draw = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const plans = ['basic', 'pro', 'team', 'enterprise'];
  yield 'customer_id,age,balance,plan,active,signup,email,zip\n';
  for (let row = 1; row <= rows; row += 1) {
    const day = String(1 + Math.floor(draw() * 28)).padStart(2, '0');
    const month = String(1 + Math.floor(draw() * 12)).padStart(2, '0');
    yield `${[
      row,
      18 + Math.floor(draw() * 70),
      (draw() * 10_000).toFixed(2),
      plans[Math.floor(draw() * plans.length)],
      draw() < 0.5 ? 'yes' : 'no',
      `2023-${month}-${day}`,
      `user${String(row)}@example.com`,
      String(Math.floor(draw() * 99_999)).padStart(5, '0'),
    ].join(',')}\n`;
  }
}

function generateCsv(rows: number): string {
  return [...generateLines(rows)].join('');
}

function measure(name: string, text: string): Record<string, string | number> {
  const runs = Array.from({ length: RUNS }, () => {
    const read = time(() => readCsvTable(text));
    const profile = time(() => profileTable(read.result));
    return { read: read.ms, profile: profile.ms, rows: read.result.rows.length };
  });
  const first = runs[0];
  return {
    table: name,
    rows: first?.rows ?? 0,
    'first read+profile ms': Math.round((first?.read ?? 0) + (first?.profile ?? 0)),
    'median read ms': Math.round(median(runs.map((run) => run.read))),
    'median profile ms': Math.round(median(runs.map((run) => run.profile))),
    'heap MB': Math.round(process.memoryUsage().heapUsed / 2 ** 20),
  };
}

const STREAMED_ROWS = 3_000_000;
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const streamStart = performance.now();
const streamed = await profileCsvStream({ stream: Readable.from(generateLines(STREAMED_ROWS)) });
clearInterval(sampler);
console.log(
  'Bounded-memory profile of a generated CSV streamed line by line (reservoir of 100,000 rows)',
);
console.table([
  {
    rows: streamed.rowCount,
    'sampled rows': streamed.sampledRows,
    s: Number(((performance.now() - streamStart) / 1000).toFixed(1)),
    'peak RSS MB': Math.round(peakRss / 2 ** 20),
  },
]);

console.table([
  measure('adult.csv (15 columns)', readFileSync(evalDataPath('synth', 'adult.csv'), 'utf8')),
  measure('generated (8 columns)', generateCsv(200_000)),
]);
