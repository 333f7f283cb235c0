import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { detectInputFormat } from '../formats/index.js';
import { profileCsvStream, profileTable, type TableProfile } from '../profiling/index.js';
import { TableError } from '../table.js';
import type { CliIo } from '@app/engine-kit';
import { isBlank, parseInputTable, readInputBytes } from './read-input.js';

const USAGE =
  'Usage: profile [--sample-rows N] IN.csv|IN.parquet|IN.xlsx (or - to read CSV from standard input)';

/** CSV files above this size are profiled in one streaming pass over a sample of rows. */
const STREAM_BYTES = 64 * 1024 * 1024;
const DEFAULT_SAMPLE_ROWS = 100_000;

async function isLargeCsv(path: string): Promise<boolean> {
  if (path === '-' || detectInputFormat(path) !== 'csv') return false;
  try {
    return (await stat(path)).size > STREAM_BYTES;
  } catch {
    return false;
  }
}

async function profileInput(options: {
  path: string;
  sampleRows: number | null;
  io: CliIo;
}): Promise<TableProfile> {
  const { path, sampleRows, io } = options;
  const isStreamed = path !== '-' && detectInputFormat(path) === 'csv';
  if (isStreamed && (sampleRows !== null || (await isLargeCsv(path)))) {
    const stream = createReadStream(path);
    try {
      await once(stream, 'open');
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
      throw new TableError('cannotRead', { file: path, detail: reason });
    }
    return profileCsvStream({ stream, sampleRows: sampleRows ?? DEFAULT_SAMPLE_ROWS });
  }
  const bytes = await readInputBytes(path, io);
  if (isBlank(bytes)) throw new TableError('emptyFile');
  const table = await parseInputTable(path, bytes);
  if (table.rows.length === 0) {
    throw new TableError('noDataRows');
  }
  return profileTable(table);
}

/**
 * `profile IN`: the table's JSON profile on stdout; exit 1 with a message on bad input. CSV files
 * over 64 MB, or any CSV file with --sample-rows, are profiled in bounded memory.
 */
export async function runProfileCommand(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { 'sample-rows': { type: 'string' } },
    });
  } catch {
    parsed = null;
  }
  const [path, ...rest] = parsed?.positionals ?? [];
  const sampleText = parsed?.values['sample-rows'];
  if (
    path === undefined ||
    rest.length > 0 ||
    (sampleText !== undefined && !/^[1-9]\d*$/.test(sampleText))
  ) {
    io.stderr.write(`${USAGE}\n`);
    return 1;
  }
  try {
    const profile = await profileInput({
      path,
      sampleRows: sampleText === undefined ? null : Number(sampleText),
      io,
    });
    for (const warning of profile.warnings) io.stderr.write(`Warning: ${warning}\n`);
    io.stdout.write(`${JSON.stringify(profile, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof TableError)) throw error;
    io.stderr.write(`Error: ${error.message}\n`);
    return 1;
  }
}
