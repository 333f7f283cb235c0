import Papa from 'papaparse';
import { StatementImportError } from './statement-import-error.js';
import type { Sheet } from './statement-types.js';

const DELIMITERS = [',', ';', '\t', '|'] as const;
const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_ROWS = 200;

function scoreDelimiter(sample: string, delimiter: string): number {
  const rows = Papa.parse<string[]>(sample, { delimiter, preview: SAMPLE_ROWS }).data.filter(
    (row) => row.length > 1 || (row[0] ?? '').trim() !== '',
  );
  if (rows.length === 0) return 0;
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
  let modalWidth = 0;
  let modalRows = 0;
  for (const [width, count] of counts) {
    if (count > modalRows || (count === modalRows && width > modalWidth)) {
      modalWidth = width;
      modalRows = count;
    }
  }
  if (modalWidth < 2) return 0;
  return (modalRows / rows.length) * (1 + Math.log2(modalWidth));
}

/** The field delimiter of CSV text, or null when no candidate splits it into a table. */
export function detectDelimiter(text: string): string | null {
  const cut = text.length > SAMPLE_CHARS ? text.lastIndexOf('\n', SAMPLE_CHARS) : -1;
  const sample = cut > 0 ? text.slice(0, cut) : text.slice(0, SAMPLE_CHARS);
  let best: string | null = null;
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const score = scoreDelimiter(sample, delimiter);
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/** Refuses a line with more fields than allowed before the parser builds it. */
function checkLineWidths(text: string, delimiter: string, maxColumns: number): void {
  const delimiterCode = delimiter.charCodeAt(0);
  let fields = 1;
  let line = 1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10) {
      fields = 1;
      line++;
    } else if (code === delimiterCode && ++fields > maxColumns) {
      throw new StatementImportError(
        'too-many-columns',
        `Line ${String(line)} has more than ${String(maxColumns)} columns.`,
      );
    }
  }
}

export type CsvReadOptions = { delimiter: string; maxRows: number; maxColumns: number };

function countModalRows(rows: readonly string[][]): number {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

function parseRows(text: string, options: CsvReadOptions): Papa.ParseResult<string[]> {
  const parse = (csv: string): Papa.ParseResult<string[]> =>
    Papa.parse<string[]>(csv, { delimiter: options.delimiter, preview: options.maxRows + 2 });
  const standard = parse(text);
  const hasBadQuotes = standard.errors.some((error) => error.code === 'InvalidQuotes');
  if (!hasBadQuotes || !text.includes('\\"')) return standard;
  // Some exports escape with backslashes (\" and \\) instead of doubling quotes: read it that
  // way too and keep the reading whose rows line up better.
  const unescaped = parse(text.replace(/\\(["\\])/g, (_, char) => (char === '"' ? '""' : '\\')));
  const gain = countModalRows(unescaped.data) - countModalRows(standard.data);
  return gain > 0 || (gain === 0 && unescaped.errors.length < standard.errors.length)
    ? unescaped
    : standard;
}

/** CSV text as a sheet of text cells. */
export function readCsv(text: string, options: CsvReadOptions): Sheet {
  checkLineWidths(text, options.delimiter, options.maxColumns);
  const parsed = parseRows(text, options);
  const unclosed = parsed.errors.find((error) => error.code === 'MissingQuotes');
  if (unclosed) {
    throw new StatementImportError(
      'unreadable-file',
      `The CSV file has a quoted field that never closes (row ${String((unclosed.row ?? 0) + 1)}).`,
    );
  }
  const rows: Sheet['rows'] = parsed.data;
  while (rows.length > 0) {
    const last = rows[rows.length - 1];
    if (last?.length !== 1 || last[0] !== '') break;
    rows.pop();
  }
  if (rows.length > options.maxRows) {
    throw new StatementImportError(
      'too-many-rows',
      `The file has more than ${options.maxRows.toLocaleString('en-US')} rows.`,
    );
  }
  return { name: 'CSV', rows };
}
