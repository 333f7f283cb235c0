import Papa from 'papaparse';
import { EngineError } from './engine-error.js';

/** A table as read from a file: every cell as text, `null` where it is empty. */
export type Table = { columns: string[]; rows: (string | null)[][] };

/** The kinds of personal data the profiler recognises. */
export const PII_KINDS = ['email', 'phone', 'name', 'national-id', 'iban', 'address'] as const;
export type PiiKind = (typeof PII_KINDS)[number];

export type ColumnKind = 'numerical' | 'categorical' | 'boolean' | 'datetime' | 'id' | 'text';

/** What a synthesizer needs to know of a column; profiling produces it, callers may edit it. */
export type ColumnSchema = {
  name: string;
  kind: ColumnKind;
  /** Numerical columns: whole numbers only. */
  isInteger?: boolean;
  /** Datetime columns: the format values are written in, e.g. `yyyy-MM-dd`. */
  datetimeFormat?: string;
  /** Every value is distinct (a key). */
  isUnique?: boolean;
  /** Values that look like personal data, never copied into synthetic output. */
  pii?: PiiKind | null;
};

export type TableSchema = { columns: ColumnSchema[]; primaryKey: string | null };

/** A table the engine cannot read or use as asked. */
export class TableError extends EngineError {}

/** Reads CSV text with a header row; blank cells and surrounding spaces count as missing. */
export function readCsvTable(text: string): Table {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    throw new TableError('csvQuotes', {
      row: (quoteError.row ?? 0) + 1,
      detail: quoteError.message,
    });
  }
  const [header, ...body] = parsed.data;
  if (!header || header.length === 0) throw new TableError('noHeader');
  const columns = header.map((name) => name.trim());
  const rows = body.map((cells, index) => {
    if (cells.length !== columns.length) {
      throw new TableError('rowWidth', {
        row: index + 2,
        cells: cells.length,
        columns: columns.length,
      });
    }
    return cells.map((cell) => {
      const value = cell.trim();
      return value === '' ? null : value;
    });
  });
  return { columns, rows };
}
