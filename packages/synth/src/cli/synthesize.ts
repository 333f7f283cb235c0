import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { serializeModel } from '../model/index.js';
import {
  fitSynthesizer,
  isAlgorithmName,
  isOutputFormat,
  OutputError,
  ParameterError,
  parseParameters,
  writeRows,
} from '../synthesizers/index.js';
import { inferTableSchema } from '../profiling/index.js';
import { TableError } from '../table.js';
import { isBlank, parseInputTable, readInputBytes } from './read-input.js';
import type { SynthesisIo } from './report-usage.js';
import { parseSchemaFile, SchemaFileError } from './schema-file.js';

const USAGE =
  'Usage: synthesize [--algorithm gaussian-copula|bayesian-network|independent-marginals] [--rows N] [--seed S] [--format csv|jsonl|parquet|xlsx] [--parameters JSON] [--schema SCHEMA.json] [--save-model MODEL.json] IN (CSV, Parquet or XLSX; - for CSV on standard input)';

/** Thrown for a bad command line or input; answered with exit code 2. */
class UsageError extends Error {}

function parseCount(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--${name} must be a whole number of 0 or more, not "${text}".`);
  }
  return Number(text);
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${what} is not JSON.`);
  }
}

function readArguments(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        algorithm: { type: 'string', default: 'gaussian-copula' },
        rows: { type: 'string' },
        seed: { type: 'string' },
        format: { type: 'string', default: 'csv' },
        parameters: { type: 'string', default: '{}' },
        schema: { type: 'string' },
        'save-model': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** `synthesize … IN`: writes synthetic rows to stdout; 2 with a message on a bad command or input. */
export async function runSynthesizeCommand(args: string[], io: SynthesisIo): Promise<number> {
  try {
    const { values, positionals } = readArguments(args);
    const [path, ...extra] = positionals;
    if (path === undefined || extra.length > 0)
      throw new UsageError('Give exactly one input file.');
    const { algorithm, format } = values;
    if (!isAlgorithmName(algorithm)) {
      throw new UsageError(`Unknown algorithm "${algorithm}"; run "algorithms" for the list.`);
    }
    if (!isOutputFormat(format))
      throw new UsageError(`Unknown format "${format}"; use csv, jsonl, parquet or xlsx.`);
    const seed = parseCount('seed', values.seed, 0);
    if (seed > 0xffffffff) throw new UsageError('--seed must be below 2^32.');
    const parameters = parseParameters({
      algorithm,
      parameters: parseJson(values.parameters, '--parameters'),
    });
    const bytes = await readInputBytes(path, io);
    if (isBlank(bytes)) throw new UsageError('The input is empty.');
    const table = await parseInputTable(path, bytes);
    if (table.rows.length === 0)
      throw new UsageError('The input has a header row but no data rows.');
    const rows = parseCount('rows', values.rows, table.rows.length);
    const schema =
      values.schema === undefined
        ? inferTableSchema(table)
        : parseSchemaFile(new TextDecoder().decode(await readInputBytes(values.schema, io)), table);
    const synthesizer = fitSynthesizer({
      algorithm,
      table,
      schema,
      parameters: { seed, ...parameters },
    });
    if (values['save-model'] !== undefined) {
      await writeFile(values['save-model'], serializeModel(synthesizer.toModel()));
    }
    await writeRows({
      format,
      batches: synthesizer.sample({ rows, seed }),
      stream: io.stdout,
      schema,
    });
    io.onSynthesized?.({ command: 'synthesize', algorithm, rows });
    return 0;
  } catch (error) {
    if (!(
      error instanceof UsageError ||
      error instanceof TableError ||
      error instanceof SchemaFileError ||
      error instanceof ParameterError ||
      error instanceof OutputError
    ))
      throw error;
    io.stderr.write(`Error: ${error.message}\n${USAGE}\n`);
    return 2;
  }
}
