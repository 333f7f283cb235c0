import { inferTableSchema } from '../profiling/index.js';
import {
  DEFAULT_BATCH_SIZE,
  type RowBatch,
  type SyntheticValue,
} from '../synthesizers/synthesizer.js';
import { writeRows, type OutputFormat } from '../synthesizers/write-rows.js';
import { TableError, type ColumnSchema, type Table, type TableSchema } from '../table.js';
import { readCsvBatches, regroupRows } from './csv-rows.js';

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;
const ZERO_PADDED = /^-?0\d/;
const WHOLE_NUMBER = /^-?\d+$/;
/** Significant decimal digits that a double always gives back as written (DBL_DIG). */
const EXACT_DIGITS = 15;

/**
 * A cell that may be stored as a number without changing its value: no zero padding (a code
 * such as '00037' stays text), at most 15 significant digits (an id past 2^53 would be rounded
 * into another), and neither out of range nor vanishingly small.
 */
export function isExactNumber(cell: string): boolean {
  // Most cells: at most 15 characters without an exponent hold at most 15 digits, in range.
  if (cell.length <= EXACT_DIGITS && PLAIN_NUMBER.test(cell)) return !ZERO_PADDED.test(cell);
  if (!NUMBER.test(cell) || ZERO_PADDED.test(cell)) return false;
  const mantissa = cell.replace(/[eE].*$/, '').replace(/\D/g, '');
  if (mantissa.replace(/^0+/, '').replace(/0+$/, '').length > EXACT_DIGITS) return false;
  const value = Math.abs(Number(cell));
  return value === 0 || (value >= 1e-300 && value <= 1e300);
}

type Cells = (string | null)[][];

/** Rows of text cells as a batch, the cells of number columns (all exact) as numbers. */
function toBatch(columns: string[], rows: Cells, isNumber: boolean[]): RowBatch {
  return {
    columns,
    rows: rows.map((row) =>
      row.map((cell, index): SyntheticValue => {
        if (cell === null || isNumber[index] !== true) return cell;
        return Number(cell);
      }),
    ),
  };
}

function* toBatches(table: Table, isNumber: boolean[]): Generator<RowBatch> {
  for (let start = 0; start < table.rows.length; start += DEFAULT_BATCH_SIZE) {
    yield toBatch(table.columns, table.rows.slice(start, start + DEFAULT_BATCH_SIZE), isNumber);
  }
}

/**
 * Per column, whether every filled cell of the rows checked is a number held exactly
 * (`isExactNumber`), and a whole one.
 */
function createCellCheck(width: number) {
  const isExact = Array.from({ length: width }, () => true);
  const isWhole = Array.from({ length: width }, () => true);
  return {
    isExact,
    isWhole,
    check(rows: Cells) {
      for (const row of rows) {
        row.forEach((cell, index) => {
          if (cell === null || isExact[index] !== true) return;
          if (!isExactNumber(cell)) {
            isExact[index] = false;
            isWhole[index] = false;
          } else if (!WHOLE_NUMBER.test(cell)) isWhole[index] = false;
        });
      }
    },
  };
}

type CellCheck = ReturnType<typeof createCellCheck>;

/**
 * The schema written with: a numerical column is text unless every cell is a number held
 * exactly, and integers only if every one is whole.
 */
function writtenSchema(schema: TableSchema, names: string[], cells: CellCheck): TableSchema {
  const columns = schema.columns.map((column): ColumnSchema => {
    if (column.kind !== 'numerical') return column;
    const index = names.indexOf(column.name);
    if (cells.isExact[index] !== true) {
      return { name: column.name, kind: 'text', pii: column.pii ?? null };
    }
    return { ...column, isInteger: column.isInteger === true && cells.isWhole[index] === true };
  });
  return { columns, primaryKey: schema.primaryKey };
}

/**
 * Which columns are written as numbers: numerical ones, and keys whose every value is a whole
 * number held exactly; never personal data.
 */
function numberColumns(columns: string[], schema: TableSchema, cells: CellCheck): boolean[] {
  return columns.map((name, index) => {
    const column = schema.columns.find((candidate) => candidate.name === name);
    if (column?.pii) return false;
    if (column?.kind === 'numerical') return true;
    const isKey = column?.kind === 'id' || schema.primaryKey === name;
    return isKey && cells.isWhole[index] === true;
  });
}

/**
 * Writes a table (a generated output read back) in another format. Numerical columns of the
 * schema, profiled from the table unless given, and keys of whole numbers are written as
 * numbers, but for a column with a cell no number holds exactly (`isExactNumber`): text.
 */
export async function convertTable(options: {
  table: Table;
  format: OutputFormat;
  stream: NodeJS.WritableStream;
  schema?: TableSchema;
}): Promise<void> {
  const { table, format, stream } = options;
  const cells = createCellCheck(table.columns.length);
  cells.check(table.rows);
  const schema = writtenSchema(options.schema ?? inferTableSchema(table), table.columns, cells);
  const isNumber = numberColumns(table.columns, schema, cells);
  await writeRows({ format, batches: toBatches(table, isNumber), stream, schema });
}

/** Rows profiled for the column types of a streamed conversion; the rest is only checked. */
const SCHEMA_SAMPLE_ROWS = DEFAULT_BATCH_SIZE;

/**
 * A CSV stream read as `readCsvTable` reads it (the header and cells trimmed, a blank cell
 * missing), `DEFAULT_BATCH_SIZE` rows at a time.
 */
async function readTableBatches(
  source: NodeJS.ReadableStream,
): Promise<{ columns: string[]; batches: AsyncGenerator<Cells> }> {
  const reader = readCsvBatches(source);
  const header = await reader.next();
  const columns = header.done ? [] : (header.value[0] ?? []).map((name) => name.trim());
  if (columns.length === 0) throw new TableError('noHeader');
  async function* batches(): AsyncGenerator<Cells> {
    for await (const rows of regroupRows(reader, DEFAULT_BATCH_SIZE)) {
      yield rows.map((cells) =>
        cells.map((cell) => {
          const value = cell.trim();
          return value === '' ? null : value;
        }),
      );
    }
  }
  return { columns, batches: batches() };
}

/**
 * The schema of a streamed CSV: kinds profiled on its first `SCHEMA_SAMPLE_ROWS` rows (so a CSV
 * no longer than that gets the schema `convertTable` would give it), then checked on every row
 * as `convertTable` checks them: a numerical column with text, a zero-padded number or one past
 * 15 significant digits further down is written as text, one with a fraction is no integer.
 */
async function streamedSchema(source: NodeJS.ReadableStream) {
  const { columns, batches } = await readTableBatches(source);
  const sample: Table = { columns, rows: [] };
  const cells = createCellCheck(columns.length);
  for await (const rows of batches) {
    if (sample.rows.length < SCHEMA_SAMPLE_ROWS) sample.rows.push(...rows);
    cells.check(rows);
  }
  return { columns, schema: writtenSchema(inferTableSchema(sample), columns, cells), cells };
}

/**
 * Writes a CSV (a generated output) in another format `DEFAULT_BATCH_SIZE` rows at a time, so a
 * file of any size is never held whole (but XLSX, which its writer builds whole: the caller
 * bounds its size). `open` is called twice: a first pass learns the column types as
 * `convertTable` would, the second writes.
 */
export async function convertCsvStream(options: {
  open: () => NodeJS.ReadableStream;
  format: OutputFormat;
  stream: NodeJS.WritableStream;
}): Promise<void> {
  const { columns, schema, cells } = await streamedSchema(options.open());
  const isNumber = numberColumns(columns, schema, cells);
  const { batches } = await readTableBatches(options.open());
  async function* converted(): AsyncGenerator<RowBatch> {
    for await (const rows of batches) yield toBatch(columns, rows, isNumber);
  }
  await writeRows({ format: options.format, batches: converted(), stream: options.stream, schema });
}
