import { inferTableSchema } from '../profiling/index.js';
import {
  DEFAULT_BATCH_SIZE,
  type RowBatch,
  type SyntheticValue,
} from '../synthesizers/synthesizer.js';
import { writeRows, type OutputFormat } from '../synthesizers/write-rows.js';
import { TableError, type ColumnSchema, type Table, type TableSchema } from '../table.js';
import { readCsvBatches, regroupRows } from './csv-rows.js';

const WHOLE_NUMBER = /^-?\d{1,15}$/;

type Cells = (string | null)[][];

/** Rows of text cells as a batch, the cells of number columns as numbers. */
function toBatch(columns: string[], rows: Cells, isNumber: boolean[]): RowBatch {
  return {
    columns,
    rows: rows.map((row) =>
      row.map((cell, index): SyntheticValue => {
        if (cell === null || isNumber[index] !== true) return cell;
        const number = Number(cell);
        return Number.isFinite(number) ? number : cell;
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
 * Which columns are written as numbers: numerical ones, and keys whose every value is a whole
 * number (`isWhole`); never personal data.
 */
function numberColumns(
  columns: string[],
  schema: TableSchema,
  isWhole: (index: number) => boolean,
): boolean[] {
  return columns.map((name, index) => {
    const column = schema.columns.find((candidate) => candidate.name === name);
    if (column?.pii) return false;
    if (column?.kind === 'numerical') return true;
    const isKey = column?.kind === 'id' || schema.primaryKey === name;
    return isKey && isWhole(index);
  });
}

/**
 * Writes a table (a generated output read back) in another format. Numerical columns of the schema,
 * profiled from the table unless given, and keys of whole numbers are written as numbers.
 */
export async function convertTable(options: {
  table: Table;
  format: OutputFormat;
  stream: NodeJS.WritableStream;
  schema?: TableSchema;
}): Promise<void> {
  const { table, format, stream } = options;
  const schema = options.schema ?? inferTableSchema(table);
  const isNumber = numberColumns(table.columns, schema, (index) =>
    table.rows.every((row) => row[index] == null || WHOLE_NUMBER.test(row[index])),
  );
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
 * no longer than that gets the schema `convertTable` would give it), then checked on the rest:
 * a numerical column with text further down is written as text, one with a fraction further
 * down is no integer. `isWhole`: the columns of whole numbers on every row (for keys).
 */
async function streamedSchema(source: NodeJS.ReadableStream) {
  const { columns, batches } = await readTableBatches(source);
  const sample: Table = { columns, rows: [] };
  const isWhole = columns.map(() => true);
  const isLaterNumber = columns.map(() => true);
  const isLaterWhole = columns.map(() => true);
  for await (const rows of batches) {
    const isSample = sample.rows.length < SCHEMA_SAMPLE_ROWS;
    if (isSample) sample.rows.push(...rows);
    for (const row of rows) {
      row.forEach((cell, index) => {
        if (cell === null) return;
        const whole = WHOLE_NUMBER.test(cell);
        if (!whole) isWhole[index] = false;
        if (isSample) return;
        if (!whole) isLaterWhole[index] = false;
        if (!Number.isFinite(Number(cell))) isLaterNumber[index] = false;
      });
    }
  }
  const profiled = inferTableSchema(sample);
  const schemaColumns = profiled.columns.map((column, index): ColumnSchema => {
    if (column.kind !== 'numerical') return column;
    if (isLaterNumber[index] !== true) {
      return { name: column.name, kind: 'text', pii: column.pii ?? null };
    }
    return { ...column, isInteger: column.isInteger === true && isLaterWhole[index] === true };
  });
  return {
    columns,
    schema: { columns: schemaColumns, primaryKey: profiled.primaryKey },
    isWhole,
  };
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
  const { columns, schema, isWhole } = await streamedSchema(options.open());
  const isNumber = numberColumns(columns, schema, (index) => isWhole[index] === true);
  const { batches } = await readTableBatches(options.open());
  async function* converted(): AsyncGenerator<RowBatch> {
    for await (const rows of batches) yield toBatch(columns, rows, isNumber);
  }
  await writeRows({ format: options.format, batches: converted(), stream: options.stream, schema });
}
