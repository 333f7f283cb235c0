import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/test-app.js';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('the built web app', () => {
  let test: TestApp;
  let webDist: string;

  beforeAll(async () => {
    // A build as `vite build` leaves it: hashed assets with their Brotli and gzip copies.
    webDist = mkdtempSync(path.join(tmpdir(), 'neuron-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const script = path.join(webDist, 'assets', 'index-Ab12Cd34.js');
    writeFileSync(script, SCRIPT);
    writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
    test = await buildTestApp({ WEB_DIST: webDist });
  });

  afterAll(async () => {
    await test.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the Brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const response = await test.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('sends gzip, or the plain file, to clients that accept only those', async () => {
    const gzip = await test.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await test.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers the app shell, never cached, for a route of the app', async () => {
    const response = await test.app.inject({ url: '/account/subscription' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });
});
