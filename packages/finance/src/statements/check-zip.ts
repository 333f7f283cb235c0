import { inflateRawSync } from 'node:zlib';
import { StatementImportError } from './statement-import-error.js';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

function fail(message: string): never {
  throw new StatementImportError('unreadable-file', message);
}

function findEndOfDirectory(view: DataView): number {
  const earliest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let offset = view.byteLength - 22; offset >= earliest; offset--) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) return offset;
  }
  return fail('The Excel file is damaged (no zip directory).');
}

type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

function readEntries(data: Uint8Array, view: DataView): ZipEntry[] {
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff)
    fail('The Excel file uses an unsupported zip64 layout.');
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > data.length || view.getUint32(offset, true) !== DIRECTORY_ENTRY) {
      fail('The Excel file is damaged (bad zip directory).');
    }
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    entries.push({
      name: decoder.decode(data.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function checkEntryData(data: Uint8Array, view: DataView, entry: ZipEntry): void {
  const header = entry.localOffset;
  if (header + 30 > data.length || view.getUint32(header, true) !== LOCAL_HEADER) {
    fail('The Excel file is damaged (bad zip entry).');
  }
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  if (end > data.length) fail('The Excel file is damaged (truncated zip entry).');
  if (entry.method === STORED) {
    if (entry.compressedSize !== entry.size)
      fail('The Excel file is damaged (bad zip entry size).');
    return;
  }
  if (entry.method !== DEFLATED) fail('The Excel file uses an unsupported compression method.');
  let unpacked: Buffer;
  try {
    unpacked = inflateRawSync(data.subarray(start, end), {
      maxOutputLength: Math.max(1, entry.size),
    });
  } catch {
    return fail('The Excel file is damaged or unpacks to more than it declares.');
  }
  if (unpacked.length !== entry.size) fail('The Excel file is damaged (bad zip entry size).');
}

/**
 * The entry names of a zip (.xlsx) file, after proving it cannot unpack to more than
 * `maxUnpackedBytes`: the declared sizes are summed, then every entry is inflated with its
 * declared size as a hard cap, so a lying header cannot smuggle in a zip bomb.
 */
export function checkZip(data: Uint8Array, maxUnpackedBytes: number): string[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length < 22) fail('The Excel file is damaged (too short).');
  const entries = readEntries(data, view);
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > maxUnpackedBytes) {
    throw new StatementImportError(
      'file-too-large',
      `The Excel file unpacks to more than ${String(Math.round(maxUnpackedBytes / 1024 / 1024))} MB.`,
    );
  }
  for (const entry of entries) checkEntryData(data, view, entry);
  return entries.map((entry) => entry.name);
}
