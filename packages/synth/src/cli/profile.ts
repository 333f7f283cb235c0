import { readFile } from 'node:fs/promises';
import { profileTable } from '../profiling/index.js';
import { readCsvTable, TableError } from '../table.js';
import type { CliIo } from './cli-io.js';

const USAGE = 'Usage: profile IN.csv (or - to read standard input)';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readInput(path: string, io: CliIo): Promise<string> {
  if (path === '-') return readAll(io.stdin);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new TableError(`Cannot read ${path} (${reason}).`);
  }
}

/** `profile IN.csv`: the table's JSON profile on stdout; exit 1 with a message on bad input. */
export async function runProfileCommand(args: string[], io: CliIo): Promise<number> {
  const [path, ...rest] = args;
  if (path === undefined || rest.length > 0) {
    io.stderr.write(`${USAGE}\n`);
    return 1;
  }
  try {
    const text = await readInput(path, io);
    if (text.replace(/^\uFEFF/, '').trim() === '') throw new TableError('The file is empty.');
    const table = readCsvTable(text);
    if (table.rows.length === 0) {
      throw new TableError('The file has a header row but no data rows.');
    }
    const profile = profileTable(table);
    for (const warning of profile.warnings) io.stderr.write(`Warning: ${warning}\n`);
    io.stdout.write(`${JSON.stringify(profile, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof TableError)) throw error;
    io.stderr.write(`Error: ${error.message}\n`);
    return 1;
  }
}
