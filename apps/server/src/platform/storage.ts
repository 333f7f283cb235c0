import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { constants, createReadStream, createWriteStream, existsSync } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

export type StoredFile = { body: Buffer; contentType: string };
export type FileInfo = { size: number; contentType: string };

export type Storage = {
  /** Throws, saying why, when the store cannot be used (checked at start). */
  check(): Promise<void>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | undefined>;
  /** Stores a file read from a stream (a large file never sits whole in memory). */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  /** The file's bytes as a stream; undefined when there is no such file. */
  openRead(key: string): Promise<Readable | undefined>;
  /** The file's size in bytes; undefined when there is no such file. */
  size(key: string): Promise<number | undefined>;
  /** The file's size and content type, without reading it; undefined when there is none. */
  head(key: string): Promise<FileInfo | undefined>;
  /** Whether a file is stored, without reading it. */
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored key, read as it is listed (for backups). */
  keys(): AsyncIterable<string>;
  /**
   * A same-origin address (`/api/files/{key}`, HMAC-signed) that serves the file without other
   * credentials until it expires. It stays same-origin on every backend so that the callers,
   * which build it while mapping rows, need no I/O and the page's CSP keeps `img-src 'self'`.
   */
  signedUrl(key: string, options?: { expiresInSeconds?: number }): string;
  /** An address that takes a PUT of a file's bytes (at most `maxBytes`) until it expires. */
  signedUploadUrl(
    key: string,
    options: { expiresInSeconds?: number; maxBytes: number },
  ): Promise<string>;
  /** True when a `signedUrl` signature is ours and has not expired. */
  verify(key: string, expires: number, signature: string): boolean;
  /** True when a same-origin upload signature is ours, for this key and size, and current. */
  verifyUpload(
    key: string,
    options: { expires: number; maxBytes: number; signature: string },
  ): boolean;
  /**
   * Where the files route sends a verified download: a short-lived address of the store itself
   * (S3's presigned GET), or undefined when the route serves the bytes itself.
   */
  downloadLocation(key: string): Promise<string | undefined>;
};

export type SignedAddress = { signedUrl: string; expiresAt: string };

/** A signed address (made by `make` for the given lifetime) and its expiry, as the API answers it. */
export async function signedStorageAddress(
  deps: { clock: Clock },
  options: {
    expiresInSeconds: number;
    make: (expiresInSeconds: number) => string | Promise<string>;
  },
): Promise<SignedAddress> {
  const expiresAt = new Date(deps.clock.now().getTime() + options.expiresInSeconds * 1000);
  const signedUrl = await options.make(options.expiresInSeconds);
  return { signedUrl, expiresAt: expiresAt.toISOString() };
}

/** The largest body the upload address takes; each signed address may allow less. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024 * 1024;

export const FILES_ROUTE_PREFIX = '/api/files/';
const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i;

/**
 * The size of an upload made through a signed upload address, checked before anything reads
 * it: undefined when nothing (or an empty file) was uploaded; over `maxBytes`, the file is
 * removed and a 413 thrown. Local upload addresses refuse such a body already; S3's presigned
 * PUT cannot bound it, so this check is what enforces the limit there.
 */
export async function acceptedUploadSize(
  storage: Storage,
  key: string,
  maxBytes: number,
): Promise<number | undefined> {
  const size = await storage.size(key);
  if (!size) return undefined;
  if (size > maxBytes) {
    await storage.delete(key);
    throw new AppError('PAYLOAD_TOO_LARGE', {
      message: `The file is larger than ${String(Math.floor(maxBytes / 1024 / 1024))} MB.`,
    });
  }
  return size;
}

/** Throws on a key that could leave its folder or is not a plain path. */
export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').includes('..'))
    throw new Error(`invalid storage key "${key}"`);
}

/** The HMAC-signed, expiring `/api/files/{key}` addresses, the same for every backend. */
export class FileAddressSigner {
  constructor(private readonly options: { secret: string; clock: Clock }) {}

  downloadUrl(key: string, options: { expiresInSeconds?: number } = {}): string {
    assertStorageKey(key);
    const expires = this.expiry(options.expiresInSeconds);
    const signature = this.sign(key, expires);
    return `${FILES_ROUTE_PREFIX}${key}?expires=${expires}&signature=${signature}`;
  }

  uploadUrl(key: string, options: { expiresInSeconds?: number; maxBytes: number }): string {
    assertStorageKey(key);
    const expires = this.expiry(options.expiresInSeconds);
    const signature = this.sign(`PUT\n${key}\n${String(options.maxBytes)}`, expires);
    return `${FILES_ROUTE_PREFIX}${key}?expires=${expires}&maxBytes=${options.maxBytes}&signature=${signature}`;
  }

  verify(key: string, expires: number, signature: string): boolean {
    return this.isSigned(key, expires, signature);
  }

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
}

/** Files in a local folder, served through `/api/files/{key}` with an HMAC-signed expiry. */
export class LocalStorage implements Storage {
  private readonly signer: FileAddressSigner;

  constructor(private readonly options: { root: string; secret: string; clock: Clock }) {
    this.signer = new FileAddressSigner(options);
  }

  async *keys(): AsyncGenerator<string> {
    const { root } = this.options;
    if (!existsSync(root)) return;
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.(type|part)$/.test(entry.name)) continue;
      yield path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    }
  }

  /** The folder is made when missing; one this process cannot write to is said at start. */
  async check(): Promise<void> {
    const { root } = this.options;
    try {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    } catch (error) {
      throw new Error(
        `The storage folder "${root}" cannot be written to: ${error instanceof Error ? error.message : String(error)}.`,
        { cause: error },
      );
    }
  }

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
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Written beside the file first and renamed: a failed or cut-off stream leaves no part. */
  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}.part`;
    try {
      await pipeline(body, createWriteStream(partial));
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
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
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async head(key: string): Promise<FileInfo | undefined> {
    const file = this.pathOf(key);
    try {
      const [info, contentType] = await Promise.all([stat(file), readFile(`${file}.type`, 'utf8')]);
      return { size: info.size, contentType };
    } catch (error) {
      if (isMissing(error)) return undefined;
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
    return this.signer.downloadUrl(key, options);
  }

  /** The same-origin PUT route takes the bytes; the signature binds the key and `maxBytes`. */
  signedUploadUrl(
    key: string,
    options: { expiresInSeconds?: number; maxBytes: number },
  ): Promise<string> {
    return new Promise((resolve) => {
      resolve(this.signer.uploadUrl(key, options));
    });
  }

  verify(key: string, expires: number, signature: string): boolean {
    return this.signer.verify(key, expires, signature);
  }

  verifyUpload(key: string, options: { expires: number; maxBytes: number; signature: string }) {
    return this.signer.verifyUpload(key, options);
  }

  downloadLocation(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.options.root, key);
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
