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

  it('answers an unknown address under /api or /v1, the prefixes alone included, as an API', async () => {
    // `/v1` is LegalMind's address on its token page; `/v1/financial` the Financial Viewer's.
    for (const url of [
      '/v1',
      '/v1?token=nrn_x',
      '/v1/',
      '/v1/financial',
      '/v1/financial/unknown',
      '/api',
      '/api?x=1',
      '/api/unknown',
    ]) {
      const response = await test.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
    // An address of the app that only starts with the same letters is the app's.
    const app = await test.app.inject({ url: '/v1x' });
    expect(app.body).toContain('<div id="root">');
  });
});
