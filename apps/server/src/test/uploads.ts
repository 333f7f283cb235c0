import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestApp } from './test-app.js';

/** Waits until `check` holds (a server finishing a request the client already left). */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the condition never held');
}

/**
 * Starts an upload over HTTP, sends `firstBytes`, waits until the server has stored part of
 * it, then drops the connection.
 */
export async function abortedUpload(
  app: TestApp['app'],
  options: {
    method: 'PUT' | 'POST';
    url: string;
    headers: Record<string, string>;
    firstBytes: Buffer;
    hasStarted: () => Promise<boolean>;
  },
): Promise<void> {
  const address = app.server.address() as AddressInfo | null;
  if (!address) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const client = httpRequest({
    host: '127.0.0.1',
    port,
    method: options.method,
    path: options.url,
    headers: { ...options.headers, 'transfer-encoding': 'chunked' },
  });
  client.on('error', () => undefined);
  client.write(options.firstBytes);
  await eventually(options.hasStarted);
  client.destroy();
}

/** The names of the files the test app's local storage holds under `folder` (a key prefix). */
export async function storedFilesUnder(test: TestApp, folder: string): Promise<string[]> {
  try {
    const entries = await readdir(path.join(test.config.dataDir, 'files', folder), {
      recursive: true,
      withFileTypes: true,
    });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
