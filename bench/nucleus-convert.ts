/**
 * A Nucleus run's CSV converted to JSON lines and Parquet by the engine (issue 18), read whole
 * (`convertTable` over `readCsvTable`, as before) or a batch of rows at a time
 * (`convertCsvStream`): the time and the peak memory (resident, and the JavaScript heap) of a
 * process doing only that, each in its own process, the two ways alternately. Prints a table.
 *
 *   npx tsx bench/nucleus-convert.ts [megabytes of CSV, 64 by default]
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import {
  convertCsvStream,
  convertTable,
  readCsvTable,
  type OutputFormat,
} from '../packages/synth/src/index.js';

const MB = 1024 * 1024;
const WAYS = ['whole', 'streamed'] as const;
type Way = (typeof WAYS)[number];

/** One conversion in this process; prints its figures as JSON. */
async function convertOnce(file: string, way: Way, format: OutputFormat) {
  let peakRss = process.memoryUsage.rss();
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 20);
  const started = performance.now();
  const stream = createWriteStream(`${file}.${format}`);
  if (way === 'whole') {
    const table = readCsvTable(await readFile(file, 'utf8'));
    await convertTable({ table, format, stream });
  } else {
    await convertCsvStream({ open: () => createReadStream(file), format, stream });
  }
  stream.end();
  await finished(stream);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(JSON.stringify({ seconds, peakRss: peakRss / MB, peakHeap: peakHeap / MB }));
}

async function writeCsv(file: string, bytes: number) {
  const out = createWriteStream(file);
  out.write('id,city,age,spend\n');
  let rows = 0;
  for (let written = 0; written < bytes;) {
    let chunk = '';
    while (chunk.length < MB) {
      chunk += `${String(rows)},City ${String(rows % 50)},${String(20 + (rows % 60))},${((rows % 997) * 1.25).toFixed(2)}\n`;
      rows++;
    }
    written += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
  return rows;
}

const [first, way, format] = process.argv.slice(2);
if (way !== undefined && format !== undefined && first !== undefined) {
  await convertOnce(first, way as Way, format as OutputFormat);
} else {
  const megabytes = Number(first ?? 64);
  const folder = await mkdtemp(path.join(tmpdir(), 'bench-convert-'));
  try {
    const file = path.join(folder, 'data.csv');
    const rows = await writeCsv(file, megabytes * MB);
    const size = (await stat(file)).size / MB;
    const self = fileURLToPath(import.meta.url);
    const table: Record<string, string | number>[] = [];
    for (const outputFormat of ['jsonl', 'parquet'] as const) {
      for (const each of WAYS) {
        const output = execFileSync(
          process.execPath,
          ['--max-old-space-size=4096', '--import', 'tsx', self, file, each, outputFormat],
          { encoding: 'utf8' },
        );
        const figures = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<
          string,
          number
        >;
        table.push({
          format: outputFormat,
          read: each,
          'CSV MB': Math.round(size),
          rows,
          seconds: Number(figures.seconds?.toFixed(1)),
          'peak RSS MB': Math.round(figures.peakRss ?? 0),
          'peak heap MB': Math.round(figures.peakHeap ?? 0),
          'load average': loadavg()[0]?.toFixed(1) ?? '',
        });
      }
    }
    console.table(table);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
