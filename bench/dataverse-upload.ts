/**
 * A 1 GB CSV loaded into a dataset (issue 16: the server's memory under 1 GB, progress shown).
 * Generates the CSV in /tmp once (kept for the next run), then through the API over HTTP: a
 * signed upload address, the PUT of the file streamed from disk, the confirmation, and the
 * profiling job (the synth engine's streaming profiler) with its progress as the seller sees
 * it. Prints per phase the time, the throughput and the peak RSS of the process (the server;
 * the client only streams the file from disk).
 *
 *   npm run bench:dataverse-upload                         (embedded PGlite)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dataverse-upload
 *   BENCH_MB=200 npm run bench:dataverse-upload            (a smaller file)
 */
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TInstance, TLoaderUploadUrlResponse, TMyDataset } from '@app/contracts';
import { seedDataverse } from '../apps/server/src/modules/dataverse/seed.js';
import { bearer, buildTestApp, signUpConfirmed } from '../apps/server/src/test/test-app.js';
import { peakRss } from './support/peak-rss.js';

const MB = 1024 * 1024;
const TARGET_BYTES = Number(process.env.BENCH_MB ?? 1024) * MB;
const CSV_PATH = `/tmp/dataverse-upload-bench-${String(TARGET_BYTES / MB)}mb.csv`;
const CITIES = ['Madrid', 'Sevilla', 'Bilbao', 'Valencia', 'Malaga', 'Zaragoza', 'Murcia'];
const PRODUCTS = ['current account', 'savings', 'mortgage', 'card', 'loan', 'deposit'];

/** About TARGET_BYTES of customer rows, written in 1 MB chunks. */
function* csvChunks(): Generator<string> {
  let written = 0;
  let chunk = 'customer_id,signup,city,product,balance,monthly_spend,age,segment,email\n';
  for (let index = 0; written + chunk.length < TARGET_BYTES; index += 1) {
    chunk += `${String(index)},20${String(10 + (index % 14))}-0${String(1 + (index % 9))}-1${String(index % 10)},${CITIES[index % CITIES.length] ?? ''},${PRODUCTS[index % PRODUCTS.length] ?? ''},${((index * 7919) % 9_000_000) / 100},${((index * 104_729) % 500_000) / 100},${String(18 + (index % 70))},${index % 4 === 0 ? 'premium' : 'retail'},c${String(index)}@example.com\n`;
    if (chunk.length >= MB) {
      written += chunk.length;
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** PUTs the file from disk to the address, printing the share sent every 10 %. */
function putFile(url: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const upload = request(
      url,
      { method: 'PUT', headers: { 'content-type': 'text/csv', 'content-length': String(size) } },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve(response.statusCode ?? 0);
        });
      },
    );
    upload.on('error', reject);
    let sent = 0;
    let shown = 0;
    const file = createReadStream(CSV_PATH, { highWaterMark: MB });
    file.on('data', (chunk) => {
      sent += chunk.length;
      const share = Math.floor((10 * sent) / size) * 10;
      if (share > shown) {
        shown = share;
        console.error(`upload ${String(share)} %`);
      }
    });
    file.pipe(upload);
  });
}

if (!existsSync(CSV_PATH)) {
  console.error(`writing ${CSV_PATH}`);
  await pipeline(Readable.from(csvChunks()), createWriteStream(CSV_PATH));
}
const size = statSync(CSV_PATH).size;

const test = await buildTestApp();
const { app } = test;
try {
  await seedDataverse(app.deps.db, app.deps.storage);
  const { token } = await signUpConfirmed(test);
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
    return response.json<T>();
  };
  const dataset = await call<TMyDataset>('POST', '/api/loader/dataset', {
    datasetName: 'Bench customers',
    datasetDesc: 'Generated customers.',
    datasetDescAttributes: 'One row per customer.',
    datasetDescUsecases: 'Benchmarks.',
    industries: ['K'],
    useCases: [],
    country: 'ES',
    frequency: 'Once',
    priceModel: '0001',
    pricingBase: 1,
    pricingValue: 0,
  });
  const base = `/api/loader/dataset/${dataset.datasetId}/instance`;
  const address = await call<TLoaderUploadUrlResponse>(
    'POST',
    `${base}/url?fileName=customers.csv`,
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const rows: Record<string, string>[] = [];

  const uploading = performance.now();
  const upload = await peakRss(() =>
    putFile(`http://127.0.0.1:${String(port)}${address.signedUrl}`, size),
  );
  if (upload.result !== 204) throw new Error(`upload: HTTP ${String(upload.result)}`);
  const uploadSeconds = (performance.now() - uploading) / 1000;
  rows.push({
    phase: 'upload (signed PUT over HTTP)',
    seconds: uploadSeconds.toFixed(1),
    'MB/s': (size / MB / uploadSeconds).toFixed(0),
    'peak RSS MB': upload.peakMb.toFixed(0),
  });

  await call('PUT', `${base}/${address.dsiId}/url/confirm`);
  const profiling = performance.now();
  let shownProgress = -1;
  const progressTimer = setInterval(() => {
    void call<TInstance>('GET', `${base}/${address.dsiId}`).then((instance) => {
      if (instance.progress !== shownProgress) {
        shownProgress = instance.progress;
        console.error(`profile ${String(instance.progress)} % (${instance.status})`);
      }
    });
  }, 1000);
  const profile = await peakRss(async () => {
    while ((await app.deps.jobs.runDue()) > 0);
    return call<TInstance>('GET', `${base}/${address.dsiId}`);
  });
  clearInterval(progressTimer);
  const profileSeconds = (performance.now() - profiling) / 1000;
  if (profile.result.status !== 'REVIEW') {
    throw new Error(`profile: ${profile.result.status} ${profile.result.failure ?? ''}`);
  }
  rows.push({
    phase: `profile (${String(profile.result.numberOfRows)} rows, ${String(profile.result.fields.length)} columns)`,
    seconds: profileSeconds.toFixed(1),
    'MB/s': (size / MB / profileSeconds).toFixed(0),
    'peak RSS MB': profile.peakMb.toFixed(0),
  });
  console.log(
    `Dataverse loader: a ${(size / MB).toFixed(0)} MB CSV on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, local storage (target: server memory < 1024 MB, progress shown)`,
  );
  console.table(rows);
  console.log(
    `process peak RSS over the whole run: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
} finally {
  await test.close();
}
