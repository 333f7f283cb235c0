import { inferTableSchema } from '../profiling/index.js';
import {
  DEFAULT_BATCH_SIZE,
  type RowBatch,
  type SyntheticValue,
} from '../synthesizers/synthesizer.js';
import { writeRows, type OutputFormat } from '../synthesizers/write-rows.js';
import type { ColumnSchema, Table, TableSchema } from '../table.js';
import { readCsvRows } from './csv-rows.js';

const WHOLE_NUMBER = /^-?\d{1,15}$/;

/** Rows of text cells as batches, the cells of number columns as numbers. */
function toBatch(columns: string[], rows: (string | null)[][], isNumber: boolean[]): RowBatch {
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
const SCHEMA_SAMPLE_ROWS = 10_000;

/** A CSV cell as `readCsvTable` reads it: trimmed, blank as missing. */
const toCell = (cell: string): string | null => {
  const value = cell.trim();
  return value === '' ? null : value;
};

/** The CSV's header and its rows as cells, batch by batch. */
async function* readCsvBatches(source: NodeJS.ReadableStream) {
  let columns: string[] | null = null;
  let rows: (string | null)[][] = [];
  for await (const cells of readCsvRows(source)) {
    if (columns === null) {
      columns = cells.map((name) => name.trim());
      continue;
    }
    rows.push(cells.map(toCell));
    if (rows.length === DEFAULT_BATCH_SIZE) {
      yield { columns, rows };
      rows = [];
    }
  }
  if (columns !== null && rows.length > 0) yield { columns, rows };
}

/**
 * The schema of a streamed CSV: kinds profiled on its first rows, then checked on every row, so
 * a numerical column with text further down is written as text and one with a fraction further
 * down is not an integer.
 */
async function streamedSchema(source: NodeJS.ReadableStream) {
  const sample: Table = { columns: [], rows: [] };
  let isNumber: boolean[] = [];
  let isWhole: boolean[] = [];
  for await (const batch of readCsvBatches(source)) {
    if (sample.columns.length === 0) {
      sample.columns = batch.columns;
      isNumber = batch.columns.map(() => true);
      isWhole = batch.columns.map(() => true);
    }
    const room = SCHEMA_SAMPLE_ROWS - sample.rows.length;
    if (room > 0) sample.rows.push(...batch.rows.slice(0, room));
    for (const row of batch.rows) {
      row.forEach((cell, index) => {
        if (cell === null) return;
        if (isWhole[index] === true && !WHOLE_NUMBER.test(cell)) isWhole[index] = false;
        if (isNumber[index] === true && !Number.isFinite(Number(cell))) isNumber[index] = false;
      });
    }
  }
  const profiled = inferTableSchema(sample);
  const columns = profiled.columns.map((column, index): ColumnSchema => {
    if (column.kind !== 'numerical') return column;
    if (isNumber[index] !== true)
      return { name: column.name, kind: 'text', pii: column.pii ?? null };
    return { ...column, isInteger: isWhole[index] === true };
  });
  const schema: TableSchema = { columns, primaryKey: profiled.primaryKey };
  return { columns: sample.columns, schema, isWhole };
}

/**
 * Writes a CSV (a generated output) in another format a batch of rows at a time, so a file of
 * any size is never held whole (but XLSX, which the writer builds whole). `open` is called
 * twice: a first pass learns the column types as `convertTable` would, the second writes.
 */
export async function convertCsvStream(options: {
  open: () => NodeJS.ReadableStream;
  format: OutputFormat;
  stream: NodeJS.WritableStream;
}): Promise<void> {
  const { columns, schema, isWhole } = await streamedSchema(options.open());
  const isNumber = numberColumns(columns, schema, (index) => isWhole[index] === true);
  async function* batches() {
    for await (const batch of readCsvBatches(options.open())) {
      yield toBatch(batch.columns, batch.rows, isNumber);
    }
  }
  await writeRows({ format: options.format, batches: batches(), stream: options.stream, schema });
}
