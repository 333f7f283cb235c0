import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect, test, type Request } from '@playwright/test';
import { freePort, startProcess, type ServerProcess } from '../apps/server/src/test/processes';
import { startS3Server, type S3TestServer } from '../apps/server/src/test/s3-server';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

const ADULT_CSV = path.join(import.meta.dirname, 'fixtures/adult-sample.csv');

/**
 * This file's own installation, beside the shared e2e server: the compiled server with its files
 * in an s3rver bucket on loopback whose CORS rule allows the app's origin, as the README asks of
 * a deployment. Started for this file only and ended after it.
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

  // The bytes go to the bucket's presigned address (another origin), not through the app; a
  // refusal by the page's CSP or the bucket's CORS rule fails here, saying which.
  const endpoint = s3.env.S3_ENDPOINT ?? '';
  const bucket = s3.env.S3_BUCKET ?? '';
  const toBucket = (request: Request) =>
    request.method() === 'PUT' && request.url().startsWith(endpoint);
  const bucketPut = Promise.race([
    page.waitForResponse((response) => toBucket(response.request())),
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
  await page.goto('/nucleus/synthesizers');
  await page.getByRole('tab', { name: 'Synthesize', exact: true }).click();
  await page.getByTestId('nucleus-file-input').setInputFiles(ADULT_CSV);
  const put = await bucketPut;
  expect(put.status()).toBe(200);

  await expect(page.getByRole('heading', { name: 'Profile of adult-sample.csv' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('300 rows, 10 columns')).toBeVisible();

  // The object the browser PUT is in the bucket, byte for byte.
  const key = decodeURIComponent(new URL(put.url()).pathname.replace(`/${bucket}/`, ''));
  const client = new S3Client({
    region: s3.env.S3_REGION,
    endpoint,
    forcePathStyle: true,
    credentials: {
      accessKeyId: s3.env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY ?? '',
    },
  });
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const stored = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  expect(stored.equals(readFileSync(ADULT_CSV))).toBe(true);
  client.destroy();
  await context.close();
});
