import { readFile, stat } from 'node:fs/promises';
import {
  DEFAULT_STATEMENT_LIMITS,
  parseStatement,
  StatementImportError,
  type ColumnMapping,
  type StatementLimits,
} from '../statements/index.js';
import type { CliIo } from '@app/engine-kit';

const USAGE = `Usage: finance parse FILE [--mapping JSON] [--max-rows N] [--max-bytes N]
Reads a bank statement (.csv, .xls, .xlsx; FILE "-" reads standard input) and prints
{ layout, transactions, errors, skipped, warnings, balanceCheck } as JSON.
--mapping takes the layout's "mapping" object (edited) to override the detected columns.
`;

class UsageError extends Error {}

type ParseArguments = { file: string; mapping?: ColumnMapping; limits: Partial<StatementLimits> };

function readPositiveInteger(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new UsageError(`${name} needs a positive whole number.`);
  return number;
}

function isColumnMapping(value: unknown): value is ColumnMapping {
  if (typeof value !== 'object' || value === null) return false;
  const mapping = value as Record<string, unknown>;
  return (
    typeof mapping.operationDate === 'number' &&
    Array.isArray(mapping.description) &&
    mapping.description.every((column) => typeof column === 'number') &&
    (mapping.headerRow === null || typeof mapping.headerRow === 'number')
  );
}

function readMapping(text: string | undefined): ColumnMapping {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw new UsageError('--mapping is not valid JSON.');
  }
  if (!isColumnMapping(value)) {
    throw new UsageError('--mapping needs at least headerRow, operationDate and description.');
  }
  return value;
}

function readArguments(args: readonly string[]): ParseArguments {
  const result: Partial<ParseArguments> & { limits: Partial<StatementLimits> } = { limits: {} };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--mapping') result.mapping = readMapping(args[++index]);
    else if (arg === '--max-rows') result.limits.maxRows = readPositiveInteger(arg, args[++index]);
    else if (arg === '--max-bytes')
      result.limits.maxBytes = readPositiveInteger(arg, args[++index]);
    else if (arg?.startsWith('--') === true || result.file !== undefined) {
      throw new UsageError(`Unexpected argument: ${arg ?? ''}`);
    } else result.file = arg;
  }
  if (result.file === undefined) throw new UsageError('Missing FILE.');
  return { ...result, file: result.file };
}

async function readInput(
  file: string,
  stdin: NodeJS.ReadableStream,
  maxBytes: number,
): Promise<Uint8Array> {
  const tooLarge = new StatementImportError(
    'file-too-large',
    `The file is larger than ${String(Math.round(maxBytes / 1024 / 1024))} MB.`,
  );
  if (file !== '-') {
    if ((await stat(file)).size > maxBytes) throw tooLarge;
    return readFile(file);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > maxBytes) throw tooLarge;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

/** `parse FILE`: the statement as JSON on stdout. Exit 0 when read (row errors included), 1 when the file cannot be imported, 2 on bad usage. */
export async function runParseCommand(args: string[], io: CliIo): Promise<number> {
  let parsed: ParseArguments;
  try {
    parsed = readArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    await write(io.stderr, `${error.message}\n${USAGE}`);
    return 2;
  }
  const maxBytes = parsed.limits.maxBytes ?? DEFAULT_STATEMENT_LIMITS.maxBytes;
  try {
    const data = await readInput(parsed.file, io.stdin, maxBytes);
    const result = parseStatement({ data, mapping: parsed.mapping, limits: parsed.limits });
    await write(io.stdout, `${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof StatementImportError) {
      await write(
        io.stdout,
        `${JSON.stringify({ error: { code: error.code, message: error.message } })}\n`,
      );
      await write(io.stderr, `${error.message}\n`);
      return 1;
    }
    if (
      error instanceof Error &&
      'code' in error &&
      (error.code === 'ENOENT' || error.code === 'EISDIR')
    ) {
      await write(io.stderr, `Cannot read ${parsed.file}.\n`);
      return 2;
    }
    throw error;
  }
}
