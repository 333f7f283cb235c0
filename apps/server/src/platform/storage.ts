import { createHmac, timingSafeEqual } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from './clock.js';

export type StoredFile = { body: Buffer; contentType: string };

export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | undefined>;
  /** Whether a file is stored, without reading it. */
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** A same-origin address that serves the file without other credentials until it expires. */
  signedUrl(key: string, options?: { expiresInSeconds?: number }): string;
};

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
    const expires =
      Math.floor(this.options.clock.now().getTime() / 1000) + (options.expiresInSeconds ?? 3600);
    const signature = this.sign(key, expires);
    return `${FILES_ROUTE_PREFIX}${key}?expires=${expires}&signature=${signature}`;
  }

  /** True when the signature is ours and has not expired. */
  verify(key: string, expires: number, signature: string): boolean {
    if (expires * 1000 < this.options.clock.now().getTime()) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.options.secret)
      .update(`${key}\n${expires}`)
      .digest('base64url');
  }

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.split('/').includes('..'))
      throw new Error(`invalid storage key "${key}"`);
    return path.join(this.options.root, key);
  }
}
