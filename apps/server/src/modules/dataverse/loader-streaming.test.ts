import { mkdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  LOADER_UPLOAD_MAX_BYTES,
  type TInstance,
  type TLoaderUploadUrlResponse,
  type TMyDataset,
} from '@app/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { FILES_ROUTE_PREFIX } from '../../platform/storage.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { abortedUpload, eventually, storedFilesUnder } from '../../test/uploads.js';
import { seedDataverse } from './seed.js';

const test = useTestApp();

beforeEach(async () => {
  await seedDataverse(test.app.deps.db, test.app.deps.storage);
});

const METADATA = {
  datasetName: 'Meter readings',
  datasetDesc: 'Readings of every meter.',
  datasetDescAttributes: 'One row per reading.',
  datasetDescUsecases: 'Forecasting.',
  industries: ['D'],
  useCases: [],
  country: 'ES',
  frequency: 'Daily',
  priceModel: '0001',
  pricingBase: 1,
  pricingValue: 0,
};

/** A CSV of `rows` readings, sent in chunks of a few hundred rows (no length known ahead). */
function readingsCsv(rows: number): { chunks: string[]; bytes: number } {
  const chunks = ['meter,day,kwh\n'];
  for (let start = 0; start < rows; start += 500) {
    let chunk = '';
    for (let index = start; index < Math.min(rows, start + 500); index += 1) {
      chunk += `M${String(index % 97)},2024-01-${String(1 + (index % 28)).padStart(2, '0')},${String(index % 1000)}.5\n`;
    }
    chunks.push(chunk);
  }
  return { chunks, bytes: chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0) };
}

async function newDataset(token: string): Promise<TMyDataset> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/loader/dataset',
    headers: bearer(token),
    payload: METADATA,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TMyDataset>();
}

async function uploadAddress(token: string, datasetId: string, fileName = 'readings.csv') {
  const response = await test.app.inject({
    method: 'POST',
    url: `/api/loader/dataset/${datasetId}/instance/url?fileName=${fileName}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TLoaderUploadUrlResponse>();
}

/** Every file stored for the team (the local storage's folder of its datasets). */
function storedFiles(teamId: string): Promise<string[]> {
  return storedFilesUnder(test, `dataverse/${teamId}`);
}

describe('loader: large files stream to storage', () => {
  it('takes a signed upload sent in chunks and profiles every row of it', async () => {
    const { token } = await signUpConfirmed(test);
    const dataset = await newDataset(token);
    const { dsiId, signedUrl, maxBytes } = await uploadAddress(token, dataset.datasetId);
    expect(maxBytes).toBeGreaterThanOrEqual(1024 * 1024 * 1024);
    const csv = readingsCsv(20_000);
    const put = await test.app.inject({
      method: 'PUT',
      url: signedUrl,
      headers: { 'content-type': 'text/csv' },
      payload: Readable.from(csv.chunks),
    });
    expect(put.statusCode, put.body).toBe(204);

    const base = `/api/loader/dataset/${dataset.datasetId}/instance/${dsiId}`;
    const confirm = await test.app.inject({
      method: 'PUT',
      url: `${base}/url/confirm`,
      headers: bearer(token),
    });
    expect(confirm.statusCode, confirm.body).toBe(202);
    while ((await test.app.deps.jobs.runDue()) > 0);
    const profiled = (
      await test.app.inject({ method: 'GET', url: base, headers: bearer(token) })
    ).json<TInstance>();
    expect(profiled).toMatchObject({
      status: 'REVIEW',
      progress: 100,
      numberOfRows: 20_000,
      sizeBytes: csv.bytes,
    });
    expect(profiled.fields.map((field) => [field.name, field.uniqueValues])).toEqual([
      ['meter', 97],
      ['day', 28],
      ['kwh', 1000],
    ]);
  });

  it('refuses a signed upload past its limit while it streams (413) and keeps nothing of it', async () => {
    const key = 'dataverse/limits/readings.csv';
    const signedUrl = await test.app.deps.storage.signedUploadUrl(key, { maxBytes: 10_000 });
    const csv = readingsCsv(2_000);
    expect(csv.bytes).toBeGreaterThan(10_000);
    const tooLarge = await test.app.inject({
      method: 'PUT',
      url: signedUrl,
      headers: { 'content-type': 'text/csv' },
      payload: Readable.from(csv.chunks),
    });
    expectAppError(tooLarge, 413, 'PAYLOAD_TOO_LARGE');
    expect(await test.app.deps.storage.has(key)).toBe(false);

    const declared = await test.app.inject({
      method: 'PUT',
      url: signedUrl,
      headers: { 'content-type': 'text/csv', 'content-length': String(csv.bytes) },
      payload: csv.chunks.join(''),
    });
    expectAppError(declared, 413, 'PAYLOAD_TOO_LARGE');
    expect(await test.app.deps.storage.has(key)).toBe(false);

    const small = readingsCsv(100);
    const fits = await test.app.inject({
      method: 'PUT',
      url: signedUrl,
      headers: { 'content-type': 'text/csv' },
      payload: Readable.from(small.chunks),
    });
    expect(fits.statusCode, fits.body).toBe(204);
    expect(await test.app.deps.storage.size(key)).toBe(small.bytes);
  });

  it('refuses at confirm, and removes, a stored file over the limit (a presigned S3 PUT is not bounded)', async () => {
    const { token, teamId } = await signUpConfirmed(test);
    const dataset = await newDataset(token);
    const { dsiId, signedUrl } = await uploadAddress(token, dataset.datasetId);
    // A sparse file one byte over the limit, as if it had been put straight into storage.
    const key = new URL(signedUrl, 'http://localhost').pathname.replace(FILES_ROUTE_PREFIX, '');
    const file = path.join(test.config.dataDir, 'files', key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '');
    await truncate(file, LOADER_UPLOAD_MAX_BYTES + 1);
    await writeFile(`${file}.type`, 'text/csv');

    const confirm = await test.app.inject({
      method: 'PUT',
      url: `/api/loader/dataset/${dataset.datasetId}/instance/${dsiId}/url/confirm`,
      headers: bearer(token),
    });
    expectAppError(confirm, 413, 'PAYLOAD_TOO_LARGE');
    expect(await storedFiles(teamId)).toEqual([]);
  });

  it('removes what it stored of a signed upload the sender abandons', async () => {
    const { token, teamId } = await signUpConfirmed(test);
    const dataset = await newDataset(token);
    const { dsiId, signedUrl } = await uploadAddress(token, dataset.datasetId);
    await abortedUpload(test.app, {
      method: 'PUT',
      url: signedUrl,
      headers: { 'content-type': 'text/csv' },
      firstBytes: Buffer.from(readingsCsv(5_000).chunks.join('')),
      hasStarted: async () => (await storedFiles(teamId)).length > 0,
    });
    await eventually(async () => (await storedFiles(teamId)).length === 0);

    const confirm = await test.app.inject({
      method: 'PUT',
      url: `/api/loader/dataset/${dataset.datasetId}/instance/${dsiId}/url/confirm`,
      headers: bearer(token),
    });
    expectAppError(confirm, 400, 'VALIDATION', 'file');
  });

  it('removes what it stored of a multipart upload the sender abandons, and adds no version', async () => {
    const { token, teamId } = await signUpConfirmed(test);
    const dataset = await newDataset(token);
    const boundary = 'readings-boundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="readings.csv"\r\ncontent-type: text/csv\r\n\r\n`,
    );
    await abortedUpload(test.app, {
      method: 'POST',
      url: `/api/loader/dataset/${dataset.datasetId}/instance`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      firstBytes: Buffer.concat([head, Buffer.from(readingsCsv(5_000).chunks.join(''))]),
      hasStarted: async () => (await storedFiles(teamId)).length > 0,
    });
    await eventually(async () => (await storedFiles(teamId)).length === 0);
    const versions = await test.app.inject({
      method: 'GET',
      url: `/api/loader/dataset/${dataset.datasetId}/instances`,
      headers: bearer(token),
    });
    expect(versions.json<TInstance[]>()).toEqual([]);
  });
});
