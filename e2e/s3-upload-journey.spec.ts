import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { freePort, startProcess, type ServerProcess } from '../apps/server/src/test/processes';
import { bucketClient, startS3Server, type S3TestServer } from '../apps/server/src/test/s3-server';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';
import { sensorLogCsv, watchMultipartUploads } from './support/uploads';

const ADULT_CSV = path.join(import.meta.dirname, 'fixtures/adult-sample.csv');

/**
 * This file's own installation, beside the shared e2e server: the compiled server with its files
 * in an s3rver bucket on loopback whose CORS rule allows the app's origin, as the README asks of
 * a deployment, behind a check of every request's SigV4 signature as S3 makes it. Started for
 * this file only and ended after it.
 */
let s3: S3TestServer;
let appUrl: string;
/** What beforeAll started, ended in reverse order, also when a later start failed. */
const stops: (() => Promise<void>)[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  appUrl = `http://localhost:${String(port)}`;
  s3 = await startS3Server('neuron-e2e', { corsOrigins: [appUrl] });
  stops.push(() => s3.close());
  const server: ServerProcess = startProcess('dist/main.js', {
    ...s3.env,
    PORT: String(port),
    PUBLIC_URL: appUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_MAX: '200',
  });
  stops.push(async () => {
    server.child.kill();
    await server.exited;
  });
  await expect
    .poll(
      () =>
        fetch(`${appUrl}/api/health`).then(
          (response) => response.status,
          () => 0,
        ),
      { message: `the server with S3 at ${appUrl}`, timeout: 90_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/**
 * The answer to the browser's PUT to the bucket's presigned address (another origin, not through
 * the app). A refusal by the page's CSP, the bucket's CORS rule or the bucket itself (its
 * signature check) fails it, saying which.
 */
function bucketPut(page: Page): Promise<Response> {
  const toBucket = (request: Request) =>
    request.method() === 'PUT' && request.url().startsWith(s3.env.S3_ENDPOINT ?? '');
  return Promise.race([
    page
      .waitForResponse((response) => toBucket(response.request()))
      .then(async (response) => {
        if (response.status() === 200) return response;
        // The page may have moved on, taking the answer's body with it.
        const error = await response.text().catch(() => '');
        throw new Error(`The bucket refused the PUT (${String(response.status())}): ${error}`);
      }),
    page.waitForEvent('requestfailed', toBucket).then((request) => {
      throw new Error(`The PUT to the bucket failed: ${request.failure()?.errorText ?? ''}`);
    }),
    page
      .waitForEvent('console', (message) =>
        /Content Security Policy|CORS policy/.test(message.text()),
      )
      .then((message) => {
        throw new Error(`The browser refused the upload: ${message.text()}`);
      }),
  ]);
}

/** The bytes of the object the browser PUT to `put`'s address, read back from the bucket. */
async function storedObject(put: Response): Promise<Buffer> {
  const bucket = s3.env.S3_BUCKET ?? '';
  const key = decodeURIComponent(new URL(put.url()).pathname.replace(`/${bucket}/`, ''));
  const client = bucketClient(s3);
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } finally {
    client.destroy();
  }
}

test('a Nucleus upload goes from the browser straight into the S3 bucket, then is profiled', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: appUrl });
  const page = await context.newPage();
  await signUpConfirmed(page, {
    email: uniqueEmail('s3-upload'),
    firstName: 'Sara',
    lastName: 'Cubo',
  });
  await page.goto('/nucleus/plans');
  await page
    .getByRole('article', { name: 'Free Forever' })
    .getByRole('button', { name: 'Start Now' })
    .click();
  await expect(page.getByText('Your free plan is active.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  const toBucket = bucketPut(page);
  await page.goto('/nucleus/synthesizers');
  await page.getByRole('tab', { name: 'Synthesize', exact: true }).click();
  await page.getByTestId('nucleus-file-input').setInputFiles(ADULT_CSV);
  const put = await toBucket;
  expect(put.status()).toBe(200);

  await expect(page.getByRole('heading', { name: 'Profile of adult-sample.csv' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('300 rows, 10 columns')).toBeVisible();

  // The object the browser PUT is in the bucket, byte for byte.
  expect((await storedObject(put)).equals(readFileSync(ADULT_CSV))).toBe(true);
  await context.close();
});

test('an Axon file over the form limit goes to the S3 bucket through its signed address, then is profiled and confirmed', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: appUrl });
  const page = await context.newPage();
  await signUpConfirmed(page, {
    email: uniqueEmail('s3-axon'),
    firstName: 'Bruno',
    lastName: 'Balde',
  });
  await page.goto('/axon/add-data');
  await page.getByLabel('Name').fill('Bucket sensor log');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Bucket sensor log, for the S3 upload journey.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/datasetId=/);

  // Over the 10 MB the app takes in a form: the browser PUTs it to the bucket instead.
  const csv = sensorLogCsv();
  const multipart = watchMultipartUploads(page);
  const toBucket = bucketPut(page);
  await page.getByLabel('Data file').setInputFiles({
    name: 'sensor-log.csv',
    mimeType: 'text/csv',
    buffer: csv,
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  const put = await toBucket;
  expect(put.status()).toBe(200);

  const profile = page.getByRole('table', { name: 'Profile of the columns' });
  await expect(profile).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Rows: 700.000')).toBeVisible();
  expect(multipart).toEqual([]);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Version 1 \(sensor-log\.csv\) is confirmed/)).toBeVisible();
  expect((await storedObject(put)).equals(csv)).toBe(true);
  await context.close();
});
