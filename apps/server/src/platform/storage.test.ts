import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from './clock.js';
import { FILES_ROUTE_PREFIX, LocalStorage } from './storage.js';

const SECRET = 'storage-test-secret';

let root: string;
let clock: TestClock;
let storage: LocalStorage;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
  clock = createTestClock();
  storage = new LocalStorage({ root, secret: SECRET, clock });
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The key, expiry and signature a signed address carries. */
function parseSignedUrl(url: string): { key: string; expires: number; signature: string } {
  const parsed = new URL(url, 'http://localhost');
  expect(parsed.pathname.startsWith(FILES_ROUTE_PREFIX)).toBe(true);
  return {
    key: parsed.pathname.slice(FILES_ROUTE_PREFIX.length),
    expires: Number(parsed.searchParams.get('expires')),
    signature: parsed.searchParams.get('signature') ?? '',
  };
}

describe('LocalStorage files', () => {
  it('gives back a stored file with its content type', async () => {
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    await storage.put('teams/t1/photo.png', body, 'image/png');

    const file = await storage.get('teams/t1/photo.png');

    expect(file?.contentType).toBe('image/png');
    expect(file?.body.equals(body)).toBe(true);
  });

  it('replaces a file put twice under one key', async () => {
    await storage.put('a.txt', Buffer.from('first'), 'text/plain');
    await storage.put('a.txt', Buffer.from('second'), 'application/octet-stream');

    const file = await storage.get('a.txt');

    expect(file?.body.toString()).toBe('second');
    expect(file?.contentType).toBe('application/octet-stream');
  });

  it('answers undefined for a key never stored', async () => {
    expect(await storage.get('missing/file.png')).toBeUndefined();
  });

  it('tells whether a file is stored', async () => {
    expect(await storage.has('notes/a.txt')).toBe(false);
    await storage.put('notes/a.txt', Buffer.from('a'), 'text/plain');
    expect(await storage.has('notes/a.txt')).toBe(true);
    await storage.delete('notes/a.txt');
    expect(await storage.has('notes/a.txt')).toBe(false);
  });

  it('forgets a deleted file', async () => {
    await storage.put('photo.jpg', Buffer.from('jpeg'), 'image/jpeg');

    await storage.delete('photo.jpg');

    expect(await storage.get('photo.jpg')).toBeUndefined();
  });

  it('deletes a missing key without an error', async () => {
    await expect(storage.delete('never/there.png')).resolves.toBeUndefined();
  });

  it('stores a file from a stream and reads it back as one, with its size', async () => {
    const chunks = Array.from({ length: 100 }, (_, index) => `row ${String(index)}\n`);

    await storage.putStream('big/data.csv', Readable.from(chunks), 'text/csv');

    expect(await storage.size('big/data.csv')).toBe(chunks.join('').length);
    const stream = await storage.openRead('big/data.csv');
    expect(stream && (await text(stream))).toBe(chunks.join(''));
    expect((await storage.get('big/data.csv'))?.contentType).toBe('text/csv');
  });

  it('has no stream and no size for a key never stored', async () => {
    expect(await storage.openRead('missing/data.csv')).toBeUndefined();
    expect(await storage.size('missing/data.csv')).toBeUndefined();
  });

  it.each(['../outside.png', 'teams/../../outside.png', 'teams/..', '/etc/passwd', '.hidden'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        'invalid storage key',
      );
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
    },
  );
});

describe('LocalStorage signed addresses', () => {
  it('signs an address that verifies for its key', () => {
    const { key, expires, signature } = parseSignedUrl(storage.signedUrl('teams/t1/photo.png'));

    expect(key).toBe('teams/t1/photo.png');
    expect(expires).toBe(Math.floor(clock.now().getTime() / 1000) + 3600);
    expect(signature).not.toBe('');
    expect(storage.verify(key, expires, signature)).toBe(true);
  });

  it('honours a chosen lifetime', () => {
    const { expires } = parseSignedUrl(storage.signedUrl('a.png', { expiresInSeconds: 60 }));
    expect(expires).toBe(Math.floor(clock.now().getTime() / 1000) + 60);
  });

  it('stops verifying once the clock passes the expiry', () => {
    const { key, expires, signature } = parseSignedUrl(
      storage.signedUrl('a.png', { expiresInSeconds: 60 }),
    );

    clock.advance(60_000);
    expect(storage.verify(key, expires, signature)).toBe(true);
    clock.advance(1000);
    expect(storage.verify(key, expires, signature)).toBe(false);
  });

  it('refuses a signature made for another key', () => {
    const other = parseSignedUrl(storage.signedUrl('teams/t2/photo.png'));
    expect(storage.verify('teams/t1/photo.png', other.expires, other.signature)).toBe(false);
  });

  it('refuses a signature whose expiry was pushed back', () => {
    const { key, expires, signature } = parseSignedUrl(storage.signedUrl('a.png'));
    expect(storage.verify(key, expires + 3600, signature)).toBe(false);
  });

  it('refuses a tampered signature', () => {
    const { key, expires, signature } = parseSignedUrl(storage.signedUrl('a.png'));
    const tampered = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

    expect(storage.verify(key, expires, tampered)).toBe(false);
    expect(storage.verify(key, expires, signature.slice(1))).toBe(false);
    expect(storage.verify(key, expires, '')).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    const other = new LocalStorage({ root, secret: 'another-secret', clock });
    const { key, expires, signature } = parseSignedUrl(other.signedUrl('a.png'));
    expect(storage.verify(key, expires, signature)).toBe(false);
  });
});

describe('LocalStorage signed upload addresses', () => {
  it('signs an upload for its key and size only, apart from download addresses', async () => {
    const url = new URL(
      await storage.signedUploadUrl('nucleus/t1/upload', { maxBytes: 1000 }),
      'http://localhost',
    );
    const { key, expires, signature } = parseSignedUrl(url.href);
    expect(Number(url.searchParams.get('maxBytes'))).toBe(1000);

    expect(storage.verifyUpload(key, { expires, maxBytes: 1000, signature })).toBe(true);
    expect(storage.verifyUpload(key, { expires, maxBytes: 2000, signature })).toBe(false);
    expect(storage.verifyUpload('nucleus/t2/upload', { expires, maxBytes: 1000, signature })).toBe(
      false,
    );
    expect(storage.verify(key, expires, signature)).toBe(false);
    const download = parseSignedUrl(storage.signedUrl(key));
    expect(storage.verifyUpload(key, { ...download, maxBytes: 1000 })).toBe(false);
  });

  it('refuses an upload address once it has expired', async () => {
    const { key, expires, signature } = parseSignedUrl(
      await storage.signedUploadUrl('a.csv', { maxBytes: 10, expiresInSeconds: 60 }),
    );
    clock.advance(61_000);
    expect(storage.verifyUpload(key, { expires, maxBytes: 10, signature })).toBe(false);
  });
});
