import { readFile } from 'node:fs/promises';
import { buildQualityReport } from '../report/index.js';
import { inferTableSchema } from '../profiling/index.js';
import { detectInputFormat, readTableBytes } from '../formats/index.js';
import { TableError, type Table, type TableSchema } from '../table.js';
import type { CliIo } from '@app/engine-kit';
import { isBlank } from './read-input.js';
import { parseSchemaFile, SchemaFileError } from './schema-file.js';

const USAGE = `Usage: synth report REAL SYNTH [--holdout H.csv [--target COLUMN]] [--schema FILE.json]
Compares synthetic data with the real data (CSV, Parquet or XLSX files) and prints the quality report as JSON: column shapes,
pair trends, overall score, diagnostic, privacy (exact copies, distance to closest record against
the holdout), machine-learning efficacy (a classifier of the binary --target column trained on
synthetic against real rows, tested on the holdout) and histograms. Without --schema, the column
types are profiled from the real data.
`;

class UsageError extends Error {}

type Flags = { holdout?: string; schema?: string; target?: string };
type ReportArguments = Flags & { real: string; synthetic: string };

const FLAGS: Record<string, keyof Flags> = {
  '--holdout': 'holdout',
  '--schema': 'schema',
  '--target': 'target',
};

function readArguments(args: readonly string[]): ReportArguments {
  const files: string[] = [];
  const options: Flags = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const flag = FLAGS[arg];
    if (flag !== undefined) {
      const value = args[++index];
      if (value === undefined)
        throw new UsageError(`${arg} needs a ${flag === 'target' ? 'column' : 'file'}.`);
      options[flag] = value;
    } else if (arg.startsWith('--') || files.length === 2) {
      throw new UsageError(`Unexpected argument: ${arg}`);
    } else files.push(arg);
  }
  if (options.target !== undefined && options.holdout === undefined)
    throw new UsageError('--target needs --holdout: the classifiers are tested on the holdout.');
  const [real, synthetic] = files;
  if (real === undefined || synthetic === undefined)
    throw new UsageError('Missing REAL.csv or SYNTH.csv.');
  return { real, synthetic, ...options };
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    throw new TableError('cannotRead', { file });
  }
}

async function readTable(file: string): Promise<Table> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch {
    throw new TableError('cannotRead', { file });
  }
  if (isBlank(bytes)) throw new TableError('namedFileEmpty', { file });
  let table: Table;
  try {
    table = await readTableBytes({ bytes, format: detectInputFormat(file) });
  } catch (error) {
    if (error instanceof TableError) {
      throw new TableError('inFile', { file, detail: error.message });
    }
    throw error;
  }
  if (table.rows.length === 0) throw new TableError('namedFileNoRows', { file });
  return table;
}

function checkColumns(real: Table, other: Table, file: string): void {
  const missing = real.columns.filter((name) => !other.columns.includes(name));
  const extra = other.columns.filter((name) => !real.columns.includes(name));
  if (missing.length === 0 && extra.length === 0) return;
  const parts = [
    missing.length > 0 ? `missing ${missing.join(', ')}` : '',
    extra.length > 0 ? `not in the real data: ${extra.join(', ')}` : '',
  ].filter((part) => part !== '');
  throw new TableError('otherColumns', { file, detail: parts.join('; ') });
}

async function readSchema(file: string, real: Table): Promise<TableSchema> {
  try {
    return parseSchemaFile(await readText(file), real);
  } catch (error) {
    throw error instanceof SchemaFileError ? new UsageError(`${file}: ${error.message}`) : error;
  }
}

/** `report REAL.csv SYNTH.csv [--holdout H.csv [--target COLUMN]] [--schema FILE.json]`: the quality report as JSON. */
export async function runReportCommand(args: string[], io: CliIo): Promise<number> {
  try {
    const options = readArguments(args);
    const real = await readTable(options.real);
    const synthetic = await readTable(options.synthetic);
    checkColumns(real, synthetic, options.synthetic);
    const holdout = options.holdout === undefined ? undefined : await readTable(options.holdout);
    if (holdout !== undefined && options.holdout !== undefined) {
      checkColumns(real, holdout, options.holdout);
    }
    const schema =
      options.schema === undefined
        ? inferTableSchema(real)
        : await readSchema(options.schema, real);
    const report = buildQualityReport({ real, synthetic, schema, holdout, target: options.target });
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof TableError) {
      io.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
