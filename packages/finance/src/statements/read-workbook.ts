import * as XLSX from '@e965/xlsx';
import { formatExcelSerial } from './parse-date.js';
import { StatementImportError } from './statement-import-error.js';
import type { Cell, Sheet } from './statement-types.js';

type CfbContainer = { FullPaths: string[] };
type CfbApi = { read: (data: Buffer, options: { type: 'buffer' }) => CfbContainer };
// SheetJS types its bundled CFB reader and number-format helpers as `any`; these are the calls used.
const cfb = XLSX.CFB as CfbApi;
const numberFormats = XLSX.SSF as { is_date: (format: string) => boolean };

export type CompoundFileKind = 'xls' | 'encrypted' | 'other';

function toBuffer(data: Uint8Array): Buffer {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** What an OLE compound file (the container of .xls, .doc and encrypted .xlsx) holds. */
export function classifyCompoundFile(data: Uint8Array): CompoundFileKind {
  let paths: string[];
  try {
    paths = cfb.read(toBuffer(data), { type: 'buffer' }).FullPaths;
  } catch {
    throw new StatementImportError('unreadable-file', 'The Excel file is damaged.');
  }
  const names = new Set(
    paths.map((path) => path.replace(/\/$/, '').split('/').pop()?.toLowerCase()),
  );
  if (names.has('encryptioninfo') || names.has('encryptedpackage')) return 'encrypted';
  if (names.has('workbook') || names.has('book')) return 'xls';
  return 'other';
}

function convertCell(cell: XLSX.CellObject | undefined, isDate1904: boolean): Cell {
  if (cell === undefined) return null;
  switch (cell.t) {
    case 's':
      return typeof cell.v === 'string' ? cell.v : null;
    case 'n': {
      if (typeof cell.v !== 'number') return null;
      const format = typeof cell.z === 'string' ? cell.z : undefined;
      if (format !== undefined && numberFormats.is_date(format)) {
        return formatExcelSerial(cell.v, isDate1904) ?? cell.v;
      }
      return cell.v;
    }
    case 'b':
      return cell.v === true ? 'TRUE' : 'FALSE';
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : null;
    default:
      return null;
  }
}

function convertSheet(options: {
  name: string;
  sheet: XLSX.WorkSheet;
  isDate1904: boolean;
  maxRows: number;
  maxColumns: number;
}): Sheet {
  const { name, sheet, isDate1904, maxRows, maxColumns } = options;
  const fullRange = (sheet['!fullref'] ?? sheet['!ref']) as string | undefined;
  if (fullRange !== undefined && XLSX.utils.decode_range(fullRange).e.r + 1 > maxRows) {
    throw new StatementImportError(
      'too-many-rows',
      `Sheet "${name}" has more than ${maxRows.toLocaleString('en-US')} rows.`,
    );
  }
  const dense = (sheet as XLSX.DenseWorkSheet)['!data'] as
    (XLSX.CellObject[] | undefined)[] | undefined;
  const rows: Cell[][] = [];
  for (const denseRow of dense ?? []) {
    const row: Cell[] = [];
    for (let column = 0; column < (denseRow?.length ?? 0); column++) {
      const cell = convertCell(denseRow?.[column], isDate1904);
      if (column >= maxColumns) {
        if (cell !== null && cell !== '') {
          throw new StatementImportError(
            'too-many-columns',
            `Sheet "${name}" has more than ${String(maxColumns)} columns.`,
          );
        }
        continue;
      }
      row.push(cell);
    }
    rows.push(row);
  }
  return { name, rows };
}

export type WorkbookReadOptions = { maxRows: number; maxColumns: number };

/** The sheets of an .xlsx, .xls (BIFF8) or SpreadsheetML file. Formulas are never evaluated: cells carry their cached values. */
export function readWorkbook(data: Uint8Array, options: WorkbookReadOptions): Sheet[] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(toBuffer(data), {
      type: 'buffer',
      dense: true,
      cellNF: true,
      cellText: false,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      sheetRows: options.maxRows + 1,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/password|encrypt/i.test(message)) {
      throw new StatementImportError('encrypted-file', 'The Excel file is password-protected.');
    }
    throw new StatementImportError(
      'unreadable-file',
      'The Excel file is damaged or cannot be read.',
    );
  }
  const isDate1904 = workbook.Workbook?.WBProps?.date1904 === true;
  return workbook.SheetNames.flatMap((name) => {
    const sheet = workbook.Sheets[name];
    return sheet === undefined ? [] : [convertSheet({ name, sheet, isDate1904, ...options })];
  });
}
