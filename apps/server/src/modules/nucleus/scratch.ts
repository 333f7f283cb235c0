import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../platform/storage.js';

/**
 * A private scratch folder (`nucleus-{purpose}-…` in the system's temporary folder) for a job's
 * or a request's files, removed when the work ends: stored files are streamed to it for the
 * engine's thread to read, and the files the engine writes there are streamed to storage, so no
 * file is held whole in this thread's memory.
 */
export async function withScratch<T>(
  purpose: 'run' | 'upload' | 'conversion',
  work: (scratch: string) => Promise<T>,
): Promise<T> {
  const scratch = await mkdtemp(path.join(tmpdir(), `nucleus-${purpose}-`));
  try {
    return await work(scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A stored file streamed into `file`; false when there is no such stored file. */
export async function copyToScratch(storage: Storage, key: string, file: string): Promise<boolean> {
  const stream = await storage.openRead(key);
  if (!stream) return false;
  await pipeline(stream, createWriteStream(file));
  return true;
}

/** A scratch file streamed to storage. */
export async function storeFromScratch(
  storage: Storage,
  options: { key: string; file: string; contentType: string },
): Promise<void> {
  await storage.putStream(options.key, createReadStream(options.file), options.contentType);
}
