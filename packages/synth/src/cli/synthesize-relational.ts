import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inferTableSchema } from '../profiling/index.js';
import { serializeModel } from '../model/index.js';
import {
  fitRelationalSynthesizer,
  type RelationalTable,
  type Relationship,
  type SyntheticTable,
} from '../relational/index.js';
import {
  isAlgorithmName,
  isOutputFormat,
  OutputError,
  ParameterError,
  parseParameters,
  writeRows,
  type OutputFormat,
} from '../synthesizers/index.js';
import { TableError, type TableSchema } from '../table.js';
import { isBlank, parseInputTable, readInputBytes } from './read-input.js';
import type { SynthesisIo } from './report-usage.js';

const USAGE = `Usage: synthesize-relational --table NAME=FILE … --primary-key NAME.COLUMN …
         --foreign-key CHILD.COLUMN=PARENT … --out DIR [--algorithm NAME] [--seed S] [--scale X]
         [--format csv|jsonl|parquet|xlsx] [--parameters JSON] [--save-model MODEL.json]
Writes DIR/NAME.<format> for every table and prints what it wrote as JSON; --save-model also
writes the fitted model, to generate more with "generate --model". A foreign key refers to
its parent's primary key; root tables get --scale × their real rows (default 1).`;

class UsageError extends Error {}

/** `A=B` or `A.B` split at the first separator; both parts needed. */
function splitPair(options: {
  text: string;
  separator: '=' | '.';
  option: string;
}): [string, string] {
  const { text, separator, option } = options;
  const at = text.indexOf(separator);
  if (at <= 0 || at === text.length - 1) {
    throw new UsageError(`${option} must look like A${separator}B, not "${text}".`);
  }
  return [text.slice(0, at), text.slice(at + 1)];
}

function readArguments(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        table: { type: 'string', multiple: true, default: [] },
        'primary-key': { type: 'string', multiple: true, default: [] },
        'foreign-key': { type: 'string', multiple: true, default: [] },
        out: { type: 'string' },
        algorithm: { type: 'string', default: 'bayesian-network' },
        seed: { type: 'string', default: '0' },
        scale: { type: 'string', default: '1' },
        format: { type: 'string', default: 'csv' },
        parameters: { type: 'string', default: '{}' },
        'save-model': { type: 'string' },
      },
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

async function readTables(options: {
  specs: string[];
  keys: string[];
  io: SynthesisIo;
}): Promise<RelationalTable[]> {
  const primaryKeys = new Map(
    options.keys.map((key) => splitPair({ text: key, separator: '.', option: '--primary-key' })),
  );
  const tables: RelationalTable[] = [];
  for (const spec of options.specs) {
    const [name, file] = splitPair({ text: spec, separator: '=', option: '--table' });
    const bytes = await readInputBytes(file, options.io);
    if (isBlank(bytes)) throw new TableError('namedFileEmpty', { file });
    const table = await parseInputTable(file, bytes);
    const primaryKey = primaryKeys.get(name) ?? null;
    if (primaryKey !== null && !table.columns.includes(primaryKey)) {
      throw new TableError('tableNoColumn', { name, column: primaryKey });
    }
    tables.push({ name, table, schema: { ...inferTableSchema(table), primaryKey } });
  }
  const unknown = [...primaryKeys.keys()].filter(
    (name) => !tables.some((table) => table.name === name),
  );
  if (unknown.length > 0)
    throw new UsageError(`--primary-key names no --table: ${unknown.join(', ')}.`);
  return tables;
}

function parseRelationship(text: string): Relationship {
  const [childColumn, parent] = splitPair({ text, separator: '=', option: '--foreign-key' });
  const [child, foreignKey] = splitPair({
    text: childColumn,
    separator: '.',
    option: '--foreign-key',
  });
  return { parent, child, foreignKey };
}

/** Writes each synthetic table to DIR/NAME.<format>; answers what it wrote. */
export async function writeTables(options: {
  tables: SyntheticTable[];
  out: string;
  format: OutputFormat;
  schemas?: Map<string, TableSchema>;
}): Promise<{ table: string; rows: number; file: string }[]> {
  const { out, format } = options;
  await mkdir(out, { recursive: true });
  const written: { table: string; rows: number; file: string }[] = [];
  for (const table of options.tables) {
    const file = path.join(out, `${table.name}.${format}`);
    const stream = createWriteStream(file);
    const schema = options.schemas?.get(table.name);
    await writeRows({ format, batches: [table], stream, schema });
    stream.end();
    await finished(stream);
    written.push({ table: table.name, rows: table.rows.length, file });
  }
  return written;
}

/** `synthesize-relational …`: synthetic tables linked by their keys, one file each. */
export async function runSynthesizeRelationalCommand(
  args: string[],
  io: SynthesisIo,
): Promise<number> {
  try {
    const values = readArguments(args);
    const { algorithm, format, out } = values;
    if (values.table.length === 0) throw new UsageError('Give at least one --table NAME=FILE.');
    if (out === undefined) throw new UsageError('Give --out DIR for the synthetic tables.');
    if (!isAlgorithmName(algorithm)) throw new UsageError(`Unknown algorithm "${algorithm}".`);
    if (!isOutputFormat(format)) throw new UsageError(`Unknown format "${format}".`);
    const seed = Number(values.seed);
    const scale = Number(values.scale);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
      throw new UsageError('--seed must be a whole number from 0 to 2^32 − 1.');
    if (!(scale > 0)) throw new UsageError('--scale must be a number above 0.');
    let parameters: unknown;
    try {
      parameters = JSON.parse(values.parameters);
    } catch {
      throw new UsageError('--parameters is not JSON.');
    }
    const tables = await readTables({ specs: values.table, keys: values['primary-key'], io });
    const synthesizer = fitRelationalSynthesizer({
      tables,
      relationships: values['foreign-key'].map(parseRelationship),
      algorithm,
      parameters: { seed, ...parseParameters({ algorithm, parameters }) },
    });
    if (values['save-model'] !== undefined) {
      await writeFile(values['save-model'], serializeModel(synthesizer.toModel()));
    }
    const written = await writeTables({
      tables: synthesizer.sample({ seed, scale }),
      out,
      format,
      schemas: new Map(tables.map((table) => [table.name, table.schema])),
    });
    io.stdout.write(`${JSON.stringify(written, null, 2)}\n`);
    const rows = written.reduce((total, table) => total + table.rows, 0);
    io.onSynthesized?.({ command: 'synthesize-relational', algorithm, rows });
    return 0;
  } catch (error) {
    if (!(
      error instanceof UsageError ||
      error instanceof TableError ||
      error instanceof ParameterError ||
      error instanceof OutputError
    ))
      throw error;
    io.stderr.write(`Error: ${error.message}\n${USAGE}\n`);
    return 2;
  }
}
