import { inferTableSchema } from '../profiling/index.js';
import {
  DEFAULT_BATCH_SIZE,
  type RowBatch,
  type SyntheticValue,
} from '../synthesizers/synthesizer.js';
import { writeRows, type OutputFormat } from '../synthesizers/write-rows.js';
import type { Table, TableSchema } from '../table.js';

const WHOLE_NUMBER = /^-?\d{1,15}$/;

function* toBatches(table: Table, isNumber: boolean[]): Generator<RowBatch> {
  for (let start = 0; start < table.rows.length; start += DEFAULT_BATCH_SIZE) {
    yield {
      columns: table.columns,
      rows: table.rows.slice(start, start + DEFAULT_BATCH_SIZE).map((row) =>
        row.map((cell, index): SyntheticValue => {
          if (cell === null || isNumber[index] !== true) return cell;
          const number = Number(cell);
          return Number.isFinite(number) ? number : cell;
        }),
      ),
    };
  }
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
  const isNumber = table.columns.map((name, index) => {
    const column = schema.columns.find((candidate) => candidate.name === name);
    if (column?.pii) return false;
    if (column?.kind === 'numerical') return true;
    const isKey = column?.kind === 'id' || schema.primaryKey === name;
    return isKey && table.rows.every((row) => row[index] == null || WHOLE_NUMBER.test(row[index]));
  });
  await writeRows({ format, batches: toBatches(table, isNumber), stream, schema });
}
