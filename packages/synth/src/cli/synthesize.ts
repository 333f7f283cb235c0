import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  fitSynthesizer,
  isAlgorithmName,
  writeRows,
  type OutputFormat,
} from '../synthesizers/index.js';
import { inferTableSchema } from '../profiling/index.js';
import { readCsvTable, TableError } from '../table.js';
import type { CliIo } from './cli-io.js';
import { parseSchemaFile, SchemaFileError } from './schema-file.js';

const USAGE =
  'Usage: synthesize [--algorithm gaussian-copula|independent-marginals] [--rows N] [--seed S] [--format csv|jsonl] [--schema SCHEMA.json] IN.csv (or - for standard input)';

/** Thrown for a bad command line or input; answered with exit code 2. */
class UsageError extends Error {}

async function readText(path: string, io: CliIo): Promise<string> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin)
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new UsageError(`Cannot read ${path} (${reason}).`);
  }
}

function parseCount(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--${name} must be a whole number of 0 or more, not "${text}".`);
  }
  return Number(text);
}

/** `synthesize … IN.csv`: writes synthetic rows to stdout; 2 with a message on a bad command or input. */
export async function runSynthesizeCommand(args: string[], io: CliIo): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          algorithm: { type: 'string', default: 'gaussian-copula' },
          rows: { type: 'string' },
          seed: { type: 'string' },
          format: { type: 'string', default: 'csv' },
          schema: { type: 'string' },
        },
      });
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    const { values, positionals } = parsed;
    const [path, ...extra] = positionals;
    if (path === undefined || extra.length > 0)
      throw new UsageError('Give exactly one input file.');
    const { algorithm, format } = values;
    if (!isAlgorithmName(algorithm)) {
      throw new UsageError(`Unknown algorithm "${algorithm}"; run "algorithms" for the list.`);
    }
    if (format !== 'csv' && format !== 'jsonl')
      throw new UsageError(`Unknown format "${format}"; use csv or jsonl.`);
    const seed = parseCount('seed', values.seed, 0);
    if (seed > 0xffffffff) throw new UsageError('--seed must be below 2^32.');
    const text = await readText(path, io);
    if (text.replace(/^\uFEFF/, '').trim() === '') throw new UsageError('The input is empty.');
    const table = readCsvTable(text);
    if (table.rows.length === 0)
      throw new UsageError('The input has a header row but no data rows.');
    const rows = parseCount('rows', values.rows, table.rows.length);
    const schema =
      values.schema === undefined
        ? inferTableSchema(table)
        : parseSchemaFile(await readText(values.schema, io), table);
    const synthesizer = fitSynthesizer({ algorithm, table, schema });
    await writeRows({
      format: format satisfies OutputFormat,
      batches: synthesizer.sample({ rows, seed }),
      stream: io.stdout,
    });
    return 0;
  } catch (error) {
    if (!(
      error instanceof UsageError ||
      error instanceof TableError ||
      error instanceof SchemaFileError
    ))
      throw error;
    io.stderr.write(`Error: ${error.message}\n${USAGE}\n`);
    return 2;
  }
}
