import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peakBufferGrowth } from '../test/memory.js';
import { startS3Server, type S3TestServer } from '../test/s3-server.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { acceptedUploadSize, type Storage } from './storage.js';

const MB = 1024 * 1024;
const LARGE_BYTES = 128 * MB;

/** `megabytes` of deterministic bytes, made 1 MB at a time, and their SHA-256 once read. */
function generatedFile(megabytes: number): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  let digest = '';
  function* chunks() {
    for (let index = 0; index < megabytes; index++) {
      const chunk = createHash('sha512').update(String(index)).digest();
      const block = Buffer.alloc(MB, chunk);
      hash.update(block);
      yield block;
    }
    digest = hash.digest('hex');
  }
  return { stream: Readable.from(chunks()), digest: () => digest };
}

async function sha256Of(stream: Readable): Promise<{ digest: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.byteLength;
  }
  return { digest: hash.digest('hex'), bytes };
}

let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3.close();
});

describe.each([
  {
    backend: 'the local folder',
    env: (): Record<string, string> => ({}),
    refusesOversizedPut: true,
  },
  { backend: 'S3', env: () => s3.env, refusesOversizedPut: false },
])('storage on $backend', ({ env, refusesOversizedPut }) => {
  let test: TestApp;
  let origin: string;
  let storage: Storage;

  // Opens and migrates a database: slow on a loaded machine.
  beforeAll(async () => {
    test = await buildTestApp(env());
    origin = await test.app.listen({ host: '127.0.0.1', port: 0 });
    storage = test.app.deps.storage;
  }, 180_000);

  afterAll(async () => {
    await test.close();
  });

  /** A signed address as the browser uses it: relative ones are the app's own. */
  const address = (url: string) => new URL(url, origin);

  /** Signed two hours ago for one minute: expired however fast the test runs. */
  async function signedLongAgo<T>(sign: () => T | Promise<T>): Promise<T> {
    const now = test.clock.now();
    test.clock.set(new Date(now.getTime() - 2 * 3600 * 1000));
    try {
      return await sign();
    } finally {
      test.clock.set(now);
    }
  }

  it('gives back a stored file with its content type, size and presence, and forgets it', async () => {
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    await storage.put('contract/t1/photo.png', body, 'image/png');
    expect(await storage.get('contract/t1/photo.png')).toEqual({ body, contentType: 'image/png' });
    expect(await storage.head('contract/t1/photo.png')).toEqual({
      size: 6,
      contentType: 'image/png',
    });
    expect(await storage.size('contract/t1/photo.png')).toBe(6);
    expect(await storage.has('contract/t1/photo.png')).toBe(true);

    await storage.put('contract/t1/photo.png', Buffer.from('second'), 'text/plain');
    expect((await storage.get('contract/t1/photo.png'))?.body.toString()).toBe('second');

    await storage.delete('contract/t1/photo.png');
    expect(await storage.has('contract/t1/photo.png')).toBe(false);
    expect(await storage.get('contract/t1/photo.png')).toBeUndefined();
    await storage.delete('contract/t1/photo.png');
  });

  it('answers undefined for a file that was never stored', async () => {
    expect(await storage.get('contract/missing.csv')).toBeUndefined();
    expect(await storage.openRead('contract/missing.csv')).toBeUndefined();
    expect(await storage.head('contract/missing.csv')).toBeUndefined();
    expect(await storage.size('contract/missing.csv')).toBeUndefined();
    expect(await storage.has('contract/missing.csv')).toBe(false);
  });

  it('refuses a key that could leave its folder', async () => {
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'invalid storage key',
    );
    await expect(storage.signedUploadUrl('a/../b', { maxBytes: 10 })).rejects.toThrow(
      'invalid storage key',
    );
  });

  it('streams a 128 MB file in and out without holding it in memory', async () => {
    const file = generatedFile(LARGE_BYTES / MB);
    const written = await peakBufferGrowth(() =>
      storage.putStream('contract/big.bin', file.stream, 'application/octet-stream'),
    );
    expect(await storage.size('contract/big.bin')).toBe(LARGE_BYTES);

    let read = { digest: '', bytes: 0 };
    const readGrowth = await peakBufferGrowth(async () => {
      const stream = await storage.openRead('contract/big.bin');
      if (!stream) throw new Error('the stored file is missing');
      read = await sha256Of(stream);
    });
    expect(read).toEqual({ digest: file.digest(), bytes: LARGE_BYTES });
    // A whole copy would be 128 MB or more. S3's multipart upload holds a few 5 MiB parts, and
    // chunks that outlived a young-generation collection still count until a full one.
    console.log(
      `streamed ${String(LARGE_BYTES / MB)} MB: at most ${String(Math.round(written / MB))} MB of Buffers live while writing, ${String(Math.round(readGrowth / MB))} MB while reading`,
    );
    expect(written).toBeLessThan(LARGE_BYTES * 0.75);
    expect(readGrowth).toBeLessThan(LARGE_BYTES * 0.75);
    await storage.delete('contract/big.bin');
  }, 120_000);

  it('serves a file at its signed address over HTTP, and not with a forged or expired one', async () => {
    await storage.put('contract/report.csv', Buffer.from('a,b\n1,2\n'), 'text/csv');
    const response = await fetch(address(storage.signedUrl('contract/report.csv')));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv');
    expect(await response.text()).toBe('a,b\n1,2\n');

    const forged = storage
      .signedUrl('contract/report.csv')
      .replace(/signature=[^&]+/, 'signature=forged');
    expect((await fetch(address(forged))).status).toBe(403);
    const expired = await signedLongAgo(() =>
      storage.signedUrl('contract/report.csv', { expiresInSeconds: 60 }),
    );
    expect((await fetch(address(expired))).status).toBe(403);
    const missing = storage.signedUrl('contract/never-stored.csv');
    expect((await fetch(address(missing))).status).toBe(404);
  });

  it('takes a file PUT to its signed upload address, and nothing once the address expired', async () => {
    const url = await storage.signedUploadUrl('contract/upload.csv', { maxBytes: 100 });
    const put = await fetch(address(url), {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: 'id,name\n1,Ana\n',
    });
    expect(put.ok, await put.text()).toBe(true);
    expect((await storage.get('contract/upload.csv'))?.body.toString()).toBe('id,name\n1,Ana\n');
    expect(await acceptedUploadSize(storage, 'contract/upload.csv', 100)).toBe(14);

    const expired = await signedLongAgo(() =>
      storage.signedUploadUrl('contract/late.csv', { maxBytes: 100, expiresInSeconds: 60 }),
    );
    const late = await fetch(address(expired), { method: 'PUT', body: 'id\n1\n' });
    expect(late.status).toBe(403);
    expect(await storage.has('contract/late.csv')).toBe(false);
  });

  it('never accepts an upload over its size limit', async () => {
    const url = await storage.signedUploadUrl('contract/too-big.csv', { maxBytes: 10 });
    const put = await fetch(address(url), { method: 'PUT', body: 'id,name\n1,Ana\n2,Luis\n' });
    const accepted = acceptedUploadSize(storage, 'contract/too-big.csv', 10);
    if (refusesOversizedPut) {
      expect(put.status).toBe(413);
      expect(await accepted).toBeUndefined();
    } else {
      // A presigned PUT cannot bound its body: the confirming step refuses it and removes it.
      expect(put.ok).toBe(true);
      await expect(accepted).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(await storage.has('contract/too-big.csv')).toBe(false);
  });
});

describe('the S3 bucket checked at start', () => {
  it('refuses to start on a missing bucket, a refused key or a wrong region, naming the bucket', async () => {
    await expect(buildTestApp({ ...s3.env, S3_BUCKET: 'neuron-missing' })).rejects.toThrow(
      'The S3 bucket "neuron-missing" does not exist',
    );
    const refused = `The S3 bucket "${s3.env.S3_BUCKET ?? ''}" refuses these credentials`;
    await expect(buildTestApp({ ...s3.env, AWS_ACCESS_KEY_ID: 'UNKNOWN' })).rejects.toThrow(
      refused,
    );
    await expect(buildTestApp({ ...s3.env, AWS_SECRET_ACCESS_KEY: 'WRONG' })).rejects.toThrow(
      refused,
    );
    await expect(buildTestApp({ ...s3.env, S3_REGION: 'eu-south-2' })).rejects.toThrow(
      `The S3 bucket "${s3.env.S3_BUCKET ?? ''}" refuses requests signed for region eu-south-2 (correct S3_REGION)`,
    );
  }, 300_000);

  it('starts ready on the bucket that exists', async () => {
    const test = await buildTestApp(s3.env);
    try {
      const ready = await test.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
    } finally {
      await test.close();
    }
  }, 180_000);
});
