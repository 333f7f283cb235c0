import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Clock } from './clock.js';

export type StoredFile = { body: Buffer; contentType: string };

export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | undefined>;
  /** Stores a file read from a stream (a large file never sits whole in memory). */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  /** The file's bytes as a stream; undefined when there is no such file. */
  openRead(key: string): Promise<Readable | undefined>;
  /** The file's size in bytes; undefined when there is no such file. */
  size(key: string): Promise<number | undefined>;
  /** Whether a file is stored, without reading it. */
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** A same-origin address that serves the file without other credentials until it expires. */
  signedUrl(key: string, options?: { expiresInSeconds?: number }): string;
  /** An address that takes a PUT of a file's bytes (at most `maxBytes`) until it expires. */
  signedUploadUrl(key: string, options: { expiresInSeconds?: number; maxBytes: number }): string;
};

export type SignedAddress = { signedUrl: string; expiresAt: string };

/** A signed address (made by `make` for the given lifetime) and its expiry, as the API answers it. */
export function signedStorageAddress(
  deps: { clock: Clock },
  options: { expiresInSeconds: number; make: (expiresInSeconds: number) => string },
): SignedAddress {
  const expiresAt = new Date(deps.clock.now().getTime() + options.expiresInSeconds * 1000);
  return { signedUrl: options.make(options.expiresInSeconds), expiresAt: expiresAt.toISOString() };
}

/** The largest body the upload address takes; each signed address may allow less. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

export const FILES_ROUTE_PREFIX = '/api/files/';
const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Files in a local folder, served through `/api/files/{key}` with an HMAC-signed expiry. */
export class LocalStorage implements Storage {
  constructor(private readonly options: { root: string; secret: string; clock: Clock }) {}

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    await writeFile(`${file}.type`, contentType);
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const file = this.pathOf(key);
    try {
      const [body, contentType] = await Promise.all([
        readFile(file),
        readFile(`${file}.type`, 'utf8'),
      ]);
      return { body, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(body, createWriteStream(file));
    await writeFile(`${file}.type`, contentType);
  }

  async openRead(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    if ((await this.size(key)) === undefined) return undefined;
    return createReadStream(file);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await Promise.all([rm(file, { force: true }), rm(`${file}.type`, { force: true })]);
  }

  signedUrl(key: string, options: { expiresInSeconds?: number } = {}): string {
    const expires = this.expiry(options.expiresInSeconds);
    const signature = this.sign(key, expires);
    return `${FILES_ROUTE_PREFIX}${key}?expires=${expires}&signature=${signature}`;
  }

  signedUploadUrl(key: string, options: { expiresInSeconds?: number; maxBytes: number }): string {
    this.pathOf(key);
    const expires = this.expiry(options.expiresInSeconds);
    const signature = this.sign(`PUT\n${key}\n${String(options.maxBytes)}`, expires);
    return `${FILES_ROUTE_PREFIX}${key}?expires=${expires}&maxBytes=${options.maxBytes}&signature=${signature}`;
  }

  /** True when the signature is ours and has not expired. */
  verify(key: string, expires: number, signature: string): boolean {
    return this.isSigned(key, expires, signature);
  }

  /** True when the upload signature is ours, for this key and size, and has not expired. */
  verifyUpload(key: string, options: { expires: number; maxBytes: number; signature: string }) {
    const message = `PUT\n${key}\n${String(options.maxBytes)}`;
    return this.isSigned(message, options.expires, options.signature);
  }

  private expiry(seconds = 3600): number {
    return Math.floor(this.options.clock.now().getTime() / 1000) + seconds;
  }

  private isSigned(message: string, expires: number, signature: string): boolean {
    if (expires * 1000 < this.options.clock.now().getTime()) return false;
    const expected = Buffer.from(this.sign(message, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(message: string, expires: number): string {
    return createHmac('sha256', this.options.secret)
      .update(`${message}\n${expires}`)
      .digest('base64url');
  }

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.split('/').includes('..'))
      throw new Error(`invalid storage key "${key}"`);
    return path.join(this.options.root, key);
  }
}
