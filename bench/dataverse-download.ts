/**
 * Download of a purchased 1,000,000-row dataset from local storage (issue 16: ≥ 50 MB/s).
 * A seller's dataset gets a version of 1,000,000 generated rows; a buyer team buys them all by
 * card through the API, the delivery job freezes them (CSV, then Parquet) as it does in
 * production, and the files are fetched over HTTP from the listening server through their
 * signed addresses. Prints the delivery time, whether the CSV delivered is byte for byte the
 * version's file (every row is bought) and the Parquet file's SHA-256 (to compare runs), then
 * per format and run the bytes, seconds, MB/s and the process's peak RSS while downloading
 * (server and client share the process).
 *
 *   npm run bench:dataverse-download                       (embedded PGlite)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dataverse-download
 *   BENCH_ROWS=100000 npm run bench:dataverse-download     (a smaller file)
 */
import { createHash } from 'node:crypto';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { TDownloadResponse, TPurchase, TPurchaseResponse } from '@app/contracts';
import { dvDatasetInstances, dvDatasets } from '../apps/server/src/db/schema/index.js';
import { CARDS, addPaymentMethod } from '../apps/server/src/modules/billing/billing-fixtures.js';
import { insertTeamDataset } from '../apps/server/src/modules/dataverse/dataverse-fixtures.js';
import { deliveryKey } from '../apps/server/src/modules/dataverse/delivery.js';
import { seedDataverse } from '../apps/server/src/modules/dataverse/seed.js';
import { bearer, buildTestApp, signUpConfirmed } from '../apps/server/src/test/test-app.js';
import { peakRss } from './support/peak-rss.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = 3;
const MB = 1024 * 1024;
const REGIONS = ['Madrid', 'Sevilla', 'Bilbao', 'València', 'Málaga', 'Zaragoza'];
const CATEGORIES = ['groceries', 'fuel', 'travel', 'rent', 'salary', 'utilities', 'leisure'];

/** Rows of a bank-transactions-like table, about 90 bytes each. */
function* csvLines(): Generator<string> {
  yield 'transaction_id,date,account,region,category,amount,balance,channel\n';
  for (let index = 0; index < ROWS; index += 1) {
    const day = new Date(Date.UTC(2020, 0, 1) + (index % 1500) * 86_400_000);
    const amount = (((index * 7919) % 200_000) / 100 - 1000).toFixed(2);
    const balance = (((index * 104_729) % 5_000_000) / 100).toFixed(2);
    yield `${String(index + 1)},${day.toISOString().slice(0, 10)},ES${String(100_000 + (index % 40_000))},${REGIONS[index % REGIONS.length] ?? ''},${CATEGORIES[index % CATEGORIES.length] ?? ''},${amount},${balance},${index % 3 === 0 ? 'card' : 'transfer'}\n`;
  }
}

/** Lines joined into chunks of about 1 MB (a stream of one line each would be the bottleneck). */
function* csvChunks(): Generator<string> {
  let chunk = '';
  for (const line of csvLines()) {
    chunk += line;
    if (chunk.length >= MB) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** GETs the address over HTTP and counts the bytes as they arrive. */
function fetchBytes(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, bytes });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** The SHA-256 of a file in storage, streamed. */
async function sha256(storage: typeof app.deps.storage, key: string): Promise<string> {
  const file = await storage.openRead(key);
  if (!file) throw new Error(`${key} is not in storage`);
  const hash = createHash('sha256');
  for await (const chunk of file) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const test = await buildTestApp();
const { app } = test;
const { db, storage, jobs } = app.deps;

try {
  await seedDataverse(db, storage);
  const seller = await signUpConfirmed(test);
  const buyer = await signUpConfirmed(test);
  const datasetId = await insertTeamDataset(db, {
    teamId: seller.teamId,
    name: 'Bench bank transactions',
    isPublished: true,
    pricingValueCents: 1,
  });
  const [instance] = await db
    .select()
    .from(dvDatasetInstances)
    .where(eq(dvDatasetInstances.datasetId, datasetId));
  if (!instance) throw new Error('the fixture made no version');
  console.error(`writing ${String(ROWS)} rows`);
  await storage.putStream(instance.storageKey, Readable.from(csvChunks()), 'text/csv');
  const sourceBytes = (await storage.size(instance.storageKey)) ?? 0;
  await db
    .update(dvDatasetInstances)
    .set({ numberOfRows: ROWS, sizeBytes: sourceBytes })
    .where(eq(dvDatasetInstances.id, instance.id));
  await db
    .update(dvDatasets)
    .set({ numberOfRows: ROWS, diskSizeBytes: sourceBytes })
    .where(eq(dvDatasets.id, datasetId));

  const paymentId = await addPaymentMethod(test, buyer.token, { card: CARDS.visa });
  const ordered = await app.inject({
    method: 'POST',
    url: '/api/dataverse/purchase/',
    headers: bearer(buyer.token),
    payload: { dsiId: instance.id, quantity: ROWS, paymentId },
  });
  if (ordered.statusCode !== 200) throw new Error(`purchase: ${ordered.body}`);
  const purchaseId = ordered.json<TPurchaseResponse>().purchase.id;

  console.error('delivering');
  const delivering = performance.now();
  const delivery = await peakRss(async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await jobs.runDue();
      const response = await app.inject({
        method: 'GET',
        url: `/api/dataverse/purchase/${purchaseId}`,
        headers: bearer(buyer.token),
      });
      const { delivery: state } = response.json<TPurchase>();
      if (state.status === 'READY') return state;
    }
    throw new Error('the delivery did not finish');
  });
  const deliverySeconds = (performance.now() - delivering) / 1000;

  const bought = { teamId: buyer.teamId, id: purchaseId };
  const [sourceHash, csvHash, parquetHash] = await Promise.all([
    sha256(storage, instance.storageKey),
    sha256(storage, deliveryKey(bought, 'csv')),
    sha256(storage, deliveryKey(bought, 'parquet')),
  ]);

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const rows: Record<string, string | number>[] = [];
  for (const format of ['csv', 'parquet'] as const) {
    for (let run = 1; run <= RUNS; run += 1) {
      const link = await app.inject({
        method: 'GET',
        url: `/api/dataverse/purchase/${purchaseId}/download?format=${format}`,
        headers: bearer(buyer.token),
      });
      if (link.statusCode !== 200) throw new Error(`download link: ${link.body}`);
      const { url } = link.json<TDownloadResponse>();
      const started = performance.now();
      const { result, peakMb } = await peakRss(() =>
        fetchBytes(`http://127.0.0.1:${String(port)}${url}`),
      );
      const seconds = (performance.now() - started) / 1000;
      if (result.status !== 200) throw new Error(`${format}: HTTP ${String(result.status)}`);
      rows.push({
        format,
        run,
        MB: (result.bytes / MB).toFixed(1),
        seconds: seconds.toFixed(2),
        'MB/s': (result.bytes / MB / seconds).toFixed(0),
        'peak RSS MB': peakMb.toFixed(0),
        target: '≥ 50 MB/s',
      });
    }
  }
  console.log(
    `Dataverse download of a purchase of ${String(ROWS)} rows (source CSV ${(sourceBytes / MB).toFixed(1)} MB) on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, local storage, HTTP on 127.0.0.1`,
  );
  console.log(
    `delivery job (CSV + Parquet): ${deliverySeconds.toFixed(1)} s, peak RSS ${delivery.peakMb.toFixed(0)} MB, ${String(delivery.result.rows)} rows`,
  );
  console.log(
    `CSV delivered identical to the version's file: ${csvHash === sourceHash ? 'yes' : 'NO'}; Parquet SHA-256 ${parquetHash}`,
  );
  console.table(rows);
} finally {
  await test.close();
}
