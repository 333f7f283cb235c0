import * as XLSX from '@e965/xlsx';
import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import { readCsvTable, TableError, type Table } from '../table.js';

export type InputFormat = 'csv' | 'parquet' | 'xlsx';

/** The format of a file by its extension (.xls is read by the spreadsheet reader too); anything unknown is read as CSV. */
export function detectInputFormat(path: string): InputFormat {
  const extension = /\.([a-z]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (extension === 'parquet') return 'parquet';
  if (extension === 'xlsx' || extension === 'xls') return 'xlsx';
  return 'csv';
}

/** A cell as the text a CSV would hold: dates as ISO 8601 (date only at midnight), blanks as missing. */
function toCell(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    text = String(value);
  else
    text = JSON.stringify(value, (_, inner: unknown) =>
      typeof inner === 'bigint' ? String(inner) : inner,
    );
  text = text.trim();
  return text === '' ? null : text;
}

async function readParquet(bytes: Uint8Array): Promise<Table> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  let metadata;
  try {
    metadata = parquetMetadata(file as ArrayBuffer);
  } catch {
    throw new TableError('notParquet');
  }
  const columns = parquetSchema(metadata).children.map((child) => child.element.name);
  const objects = await parquetReadObjects({ file: file as ArrayBuffer, metadata });
  return { columns, rows: objects.map((object) => columns.map((name) => toCell(object[name]))) };
}

function readXlsx(bytes: Uint8Array): Table {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { type: 'buffer', cellDates: true });
  } catch {
    throw new TableError('notSpreadsheet');
  }
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new TableError('noSheet');
  const [header, ...body] = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: false,
  });
  if (!header || header.length === 0) throw new TableError('noSheetHeader');
  const columns = header.map((name) => toCell(name) ?? '');
  return {
    columns,
    rows: body.map((cells) => columns.map((_, index) => toCell(cells[index]))),
  };
}

/** Reads a table from a file's bytes: CSV (UTF-8, with a header row), Parquet or XLSX (first sheet). */
export async function readTableBytes(options: {
  bytes: Uint8Array;
  format: InputFormat;
}): Promise<Table> {
  const { bytes, format } = options;
  if (format === 'parquet') return readParquet(bytes);
  if (format === 'xlsx') return readXlsx(bytes);
  return readCsvTable(new TextDecoder().decode(bytes));
}
