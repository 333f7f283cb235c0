import { once } from 'node:events';
import * as XLSX from '@e965/xlsx';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import type { TableSchema } from '../table.js';
import type { RowBatch, SyntheticValue } from './synthesizer.js';
import { EngineError } from '../engine-error.js';

export const OUTPUT_FORMATS = ['csv', 'jsonl', 'parquet', 'xlsx'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function isOutputFormat(name: string): name is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(name);
}

/** One sheet holds at most 1,048,576 rows, the header included. */
export const XLSX_MAX_ROWS = 1_048_575;

/** Rows the engine cannot write in the format asked. */
export class OutputError extends EngineError {}

export type WriteRowsOptions = {
  format: OutputFormat;
  /** Batches made as they are written: a generator, or rows read from a stream. */
  batches: Iterable<RowBatch> | AsyncIterable<RowBatch>;
  stream: NodeJS.WritableStream;
  /** Column types of Parquet output: integer columns and keys as INT64, other numbers as DOUBLE, the rest as text. */
  schema?: TableSchema;
};

async function write(stream: NodeJS.WritableStream, chunk: string | Uint8Array): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

function quoteCsv(value: SyntheticValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Most distinct texts whose CSV form is remembered: categories repeat, keys and free text do not. */
const QUOTED_CACHE_SIZE = 10_000;

/**
 * The rows as CSV lines, built as one string; the CSV form of each text is remembered (up to
 * `QUOTED_CACHE_SIZE` texts), since most text cells are categories that repeat on every row.
 */
function formatCsvRows(rows: SyntheticValue[][], quoted: Map<string, string>): string {
  let text = '';
  for (const row of rows) {
    for (let index = 0; index < row.length; index++) {
      if (index > 0) text += ',';
      const value = row[index] ?? null;
      if (value === null) continue;
      if (typeof value === 'number') {
        text += String(value);
        continue;
      }
      let cell = quoted.get(value);
      if (cell === undefined) {
        cell = quoteCsv(value);
        if (quoted.size < QUOTED_CACHE_SIZE) quoted.set(value, cell);
      }
      text += cell;
    }
    text += '\n';
  }
  return text;
}

function formatText(format: 'csv' | 'jsonl', batch: RowBatch, quoted: Map<string, string>): string {
  if (format === 'csv') return formatCsvRows(batch.rows, quoted);
  return batch.rows
    .map(
      (row) =>
        `${JSON.stringify(Object.fromEntries(batch.columns.map((name, index) => [name, row[index] ?? null])))}\n`,
    )
    .join('');
}

/** Writes batches one after another to an output, then ends the format (its footer, if any). */
export type RowWriter = {
  write(batch: RowBatch): Promise<void>;
  finish(): Promise<void>;
};

type RowWriterOptions = Omit<WriteRowsOptions, 'batches'>;

function textWriter(options: RowWriterOptions & { format: 'csv' | 'jsonl' }): RowWriter {
  const { format, stream } = options;
  let isFirst = true;
  const quoted = new Map<string, string>();
  return {
    async write(batch) {
      let text = formatText(format, batch, quoted);
      if (isFirst && format === 'csv') text = `${batch.columns.map(quoteCsv).join(',')}\n${text}`;
      isFirst = false;
      await write(stream, text);
    },
    finish: () => Promise.resolve(),
  };
}

type ParquetType = 'INT64' | 'DOUBLE' | 'STRING';

/**
 * Numerical columns by their schema; keys as INT64 when the first batch holds whole numbers only
 * (fresh integer keys); any other column of numbers as DOUBLE, the rest as text.
 */
function findParquetType(options: {
  name: string;
  values: SyntheticValue[];
  schema: TableSchema | undefined;
}): ParquetType {
  const { name, values, schema } = options;
  const column = schema?.columns.find((candidate) => candidate.name === name);
  if (column?.pii) return 'STRING';
  if (column?.kind === 'numerical') return column.isInteger === true ? 'INT64' : 'DOUBLE';
  const present = values.filter((value) => value !== null);
  if (present.length === 0 || !present.every((value) => typeof value === 'number')) return 'STRING';
  const isKey = column?.kind === 'id' || schema?.primaryKey === name;
  return isKey && present.every((value) => Number.isInteger(value)) ? 'INT64' : 'DOUBLE';
}

function toParquetValue(value: SyntheticValue, type: ParquetType): string | number | bigint | null {
  if (value === null) return null;
  if (type === 'STRING') return String(value);
  const number = Number(value);
  return type === 'INT64' ? BigInt(Math.round(number)) : number;
}

/** Parquet, one row group per batch, each flushed to the stream as soon as it is encoded. */
function parquetWriter(options: RowWriterOptions): RowWriter {
  const { stream, schema } = options;
  const buffer = new ByteWriter();
  const flush = async (): Promise<void> => {
    const bytes = buffer.getBytes().slice();
    buffer.index = 0;
    await write(stream, bytes);
  };
  const writer = Object.assign(buffer, { flush, finish: flush });
  let parquet: { file: ParquetWriter; types: ParquetType[] } | null = null;
  return {
    async write(batch) {
      if (batch.rows.length === 0) return;
      if (parquet === null) {
        const types = batch.columns.map((name, index) =>
          findParquetType({ name, values: batch.rows.map((row) => row[index] ?? null), schema }),
        );
        const elements = batch.columns.map((name, index) => ({
          name,
          repetition_type: 'OPTIONAL' as const,
          ...(types[index] === 'STRING'
            ? { type: 'BYTE_ARRAY' as const, converted_type: 'UTF8' as const }
            : { type: types[index] === 'INT64' ? ('INT64' as const) : ('DOUBLE' as const) }),
        }));
        parquet = {
          file: new ParquetWriter({
            writer,
            schema: [{ name: 'root', num_children: batch.columns.length }, ...elements],
          }),
          types,
        };
      }
      const { types } = parquet;
      await parquet.file.write({
        columnData: batch.columns.map((name, index) => ({
          name,
          data: batch.rows.map((row) =>
            toParquetValue(row[index] ?? null, types[index] ?? 'STRING'),
          ),
        })),
        rowGroupSize: batch.rows.length,
      });
    },
    async finish() {
      if (parquet === null) throw new OutputError('parquetNoRows');
      await parquet.file.finish();
    },
  };
}

/** XLSX is written whole (the format is a zip archive), so it is limited to one sheet's rows. */
function xlsxWriter(options: RowWriterOptions): RowWriter {
  const sheetRows: SyntheticValue[][] = [];
  return {
    write(batch) {
      if (sheetRows.length === 0) sheetRows.push(batch.columns);
      if (sheetRows.length + batch.rows.length > XLSX_MAX_ROWS + 1) {
        throw new OutputError('xlsxTooManyRows', { max: XLSX_MAX_ROWS });
      }
      sheetRows.push(...batch.rows);
      return Promise.resolve();
    },
    async finish() {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheetRows), 'synthetic');
      await write(
        options.stream,
        XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array,
      );
    },
  };
}

/**
 * A writer of CSV (with a header), JSON lines, Parquet or XLSX that takes batches as they
 * come, waiting for the stream to drain: a caller can feed several outputs from one read.
 */
export function createRowWriter(options: RowWriterOptions): RowWriter {
  const { format } = options;
  if (format === 'csv' || format === 'jsonl') return textWriter({ ...options, format });
  if (format === 'parquet') return parquetWriter(options);
  return xlsxWriter(options);
}

/** Writes batches of rows as CSV (with a header), JSON lines, Parquet or XLSX, waiting for the stream to drain. */
export async function writeRows(options: WriteRowsOptions): Promise<void> {
  const writer = createRowWriter(options);
  for await (const batch of options.batches) await writer.write(batch);
  await writer.finish();
}
