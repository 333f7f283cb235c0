import { readFile } from 'node:fs/promises';
import { detectInputFormat, readTableBytes } from '../formats/index.js';
import { TableError, type Table } from '../table.js';
import type { CliIo } from '@app/engine-kit';

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The bytes of a file, or of standard input for `-`; a file that cannot be read is a TableError. */
export async function readInputBytes(path: string, io: CliIo): Promise<Uint8Array> {
  if (path === '-') return readAll(io.stdin);
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new TableError('cannotRead', { file: path, detail: reason });
  }
}

/** Nothing but white space (and a byte-order mark). */
export function isBlank(bytes: Uint8Array): boolean {
  return (
    new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .trim() === ''
  );
}

/** A table from CSV, Parquet or XLSX bytes, the format told by the file's extension (`-` is CSV). */
export function parseInputTable(path: string, bytes: Uint8Array): Promise<Table> {
  return readTableBytes({ bytes, format: path === '-' ? 'csv' : detectInputFormat(path) });
}
