import { readFile } from 'node:fs/promises';
import { buildQualityReport } from '../report/index.js';
import { inferTableSchema } from '../profiling/index.js';
import { readCsvTable, TableError, type Table, type TableSchema } from '../table.js';
import type { CliIo } from './cli-io.js';
import { parseSchemaFile, SchemaFileError } from './schema-file.js';

const USAGE = `Usage: synth report REAL.csv SYNTH.csv [--holdout H.csv] [--schema FILE.json]
Compares synthetic data with the real data and prints the quality report as JSON: column shapes,
pair trends, overall score, diagnostic, privacy (exact copies, distance to closest record against
the holdout) and histograms. Without --schema, the column types are profiled from the real data.
`;

class UsageError extends Error {}

type ReportArguments = { real: string; synthetic: string; holdout?: string; schema?: string };

function readArguments(args: readonly string[]): ReportArguments {
  const files: string[] = [];
  const options: { holdout?: string; schema?: string } = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '--holdout' || arg === '--schema') {
      const value = args[++index];
      if (value === undefined) throw new UsageError(`${arg} needs a file.`);
      options[arg === '--holdout' ? 'holdout' : 'schema'] = value;
    } else if (arg.startsWith('--') || files.length === 2) {
      throw new UsageError(`Unexpected argument: ${arg}`);
    } else files.push(arg);
  }
  const [real, synthetic] = files;
  if (real === undefined || synthetic === undefined)
    throw new UsageError('Missing REAL.csv or SYNTH.csv.');
  return { real, synthetic, ...options };
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    throw new TableError(`Cannot read ${file}.`);
  }
}

async function readTable(file: string): Promise<Table> {
  const text = await readText(file);
  if (text.trim() === '') throw new TableError(`${file} is empty.`);
  let table: Table;
  try {
    table = readCsvTable(text);
  } catch (error) {
    if (error instanceof TableError) throw new TableError(`${file}: ${error.message}`);
    throw error;
  }
  if (table.rows.length === 0) throw new TableError(`${file} has a header but no rows.`);
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
  throw new TableError(`${file} has other columns than the real data (${parts.join('; ')}).`);
}

async function readSchema(file: string, real: Table): Promise<TableSchema> {
  try {
    return parseSchemaFile(await readText(file), real);
  } catch (error) {
    throw error instanceof SchemaFileError ? new UsageError(`${file}: ${error.message}`) : error;
  }
}

/** `report REAL.csv SYNTH.csv [--holdout H.csv] [--schema FILE.json]`: the quality report as JSON. */
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
    const report = buildQualityReport({ real, synthetic, schema, holdout });
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
