import { checkZip } from './check-zip.js';
import { decodeText, isBinaryText } from './decode-text.js';
import { detectDelimiter, readCsv } from './read-csv.js';
import { readHtmlTable } from './read-html-table.js';
import { classifyCompoundFile, readWorkbook } from './read-workbook.js';
import { StatementImportError, UNSUPPORTED_FORMAT_MESSAGE } from './statement-import-error.js';
import type { FileFormat, Sheet, StatementLimits } from './statement-types.js';

export type StatementFile = {
  format: FileFormat;
  encoding: string | null;
  delimiter: string | null;
  sheets: Sheet[];
};

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const OTHER_FORMATS = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x7b, 0x5c, 0x72, 0x74, 0x66], // {\rtf
  [0x1f, 0x8b], // gzip
];
const SPREADSHEET_ML = 'urn:schemas-microsoft-com:office:spreadsheet';

function startsWith(data: Uint8Array, bytes: number[]): boolean {
  return bytes.every((byte, index) => data[index] === byte);
}

function refuse(): never {
  throw new StatementImportError('unsupported-format', UNSUPPORTED_FORMAT_MESSAGE);
}

function readZip(data: Uint8Array, limits: StatementLimits): StatementFile {
  const names = checkZip(data, limits.maxUnpackedBytes);
  if (!names.includes('xl/workbook.xml') && !names.includes('xl/workbook.bin')) refuse();
  return { format: 'xlsx', encoding: null, delimiter: null, sheets: readWorkbook(data, limits) };
}

function readCompoundFile(data: Uint8Array, limits: StatementLimits): StatementFile {
  const kind = classifyCompoundFile(data);
  if (kind === 'encrypted') {
    throw new StatementImportError('encrypted-file', 'The Excel file is password-protected.');
  }
  if (kind === 'other') refuse();
  return { format: 'xls', encoding: null, delimiter: null, sheets: readWorkbook(data, limits) };
}

function readText(data: Uint8Array, limits: StatementLimits): StatementFile {
  const { text, encoding } = decodeText(data);
  if (isBinaryText(text)) refuse();
  if (text.trim() === '') throw new StatementImportError('empty-file', 'The file is empty.');
  if (text.trimStart().startsWith('<')) {
    if (text.includes(SPREADSHEET_ML)) {
      return {
        format: 'spreadsheetml',
        encoding,
        delimiter: null,
        sheets: readWorkbook(data, limits),
      };
    }
    if (/<table[\s>]/i.test(text)) {
      return { format: 'html', encoding, delimiter: null, sheets: [readHtmlTable(text, limits)] };
    }
    refuse();
  }
  const delimiter = detectDelimiter(text);
  if (delimiter === null) refuse();
  return { format: 'csv', encoding, delimiter, sheets: [readCsv(text, { delimiter, ...limits })] };
}

/**
 * The tables of a statement file, its format found from the content and never from the
 * name: an .xls may hold .xlsx, HTML or CSV. Anything that is not a spreadsheet or CSV is
 * refused with the spec's message.
 */
export function readStatementFile(data: Uint8Array, limits: StatementLimits): StatementFile {
  if (data.length === 0) throw new StatementImportError('empty-file', 'The file is empty.');
  if (data.length > limits.maxBytes) {
    throw new StatementImportError(
      'file-too-large',
      `The file is larger than ${String(Math.round(limits.maxBytes / 1024 / 1024))} MB.`,
    );
  }
  if (OTHER_FORMATS.some((magic) => startsWith(data, magic))) refuse();
  const file = startsWith(data, ZIP)
    ? readZip(data, limits)
    : startsWith(data, COMPOUND_FILE)
      ? readCompoundFile(data, limits)
      : readText(data, limits);
  const hasData = file.sheets.some((sheet) =>
    sheet.rows.some((row) => row.some((cell) => cell !== null && String(cell).trim() !== '')),
  );
  if (!hasData) throw new StatementImportError('empty-file', 'The file contains no data.');
  return file;
}
