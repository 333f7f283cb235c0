import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/** Test and benchmark fixtures: files built in memory, so hostile cases need no stored samples. */

export type ZipEntrySpec = {
  name: string;
  data: Uint8Array;
  /** The uncompressed size written in the headers; the true size when omitted (set it to lie). */
  declaredSize?: number;
};

/** A zip archive of deflated entries. */
export function buildZip(entries: readonly ZipEntrySpec[]): Uint8Array {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const checksum = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    directory.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

/** An .xlsx whose worksheet unpacks to `realSize` bytes of XML while its headers declare a tiny size. */
export function buildLyingZipBomb(realSize: number): Uint8Array {
  const padding = Buffer.alloc(realSize, ' ');
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: padding, declaredSize: 1024 },
  ]);
}

/** An .xlsx whose headers declare more unpacked bytes than any limit allows. */
export function buildDeclaredZipBomb(declaredSize: number): Uint8Array {
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>'), declaredSize },
  ]);
}

/** A workbook from arrays of rows, one per sheet, written as .xlsx, .xls (BIFF8) or SpreadsheetML 2003 XML. */
export function buildWorkbook(
  sheets: readonly { name: string; rows: unknown[][] }[],
  bookType: 'xlsx' | 'biff8' | 'xlml' = 'xlsx',
): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name);
  }
  return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer;
}

type CompoundFileApi = {
  utils: {
    cfb_new: () => unknown;
    cfb_add: (container: unknown, name: string, data: Uint8Array) => void;
  };
  write: (container: unknown, options: { type: 'buffer' }) => Buffer;
};

/** An OLE compound file (the container of .xls and .doc files) holding the given streams. */
export function buildCompoundFile(
  streams: readonly { name: string; data: Uint8Array }[],
): Uint8Array {
  const api = XLSX.CFB as CompoundFileApi;
  const container = api.utils.cfb_new();
  for (const stream of streams) api.utils.cfb_add(container, stream.name, stream.data);
  return api.write(container, { type: 'buffer' });
}
