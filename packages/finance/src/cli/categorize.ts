import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import {
  CategorizationError,
  createCategorizer,
  type CategoryCorrections,
  type Categorizer,
} from '../categories/index.js';
import type { CliIo } from '@app/engine-kit';

const USAGE = `Usage: finance categorize [--corrections FILE]
Reads JSON lines {"id","description","amount"} (amount in integer cents, money in positive)
and prints one JSON line {"id","category","parent","confidence"} for each.
--corrections takes a team's learned corrections (JSON, as returned by learn).
A bad line is reported on standard error with its line number and skipped.
Exit status: 0 all lines categorised, 1 some lines rejected, 2 bad usage.
`;
const FLUSH_SIZE = 64 * 1024;

class UsageError extends Error {}

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

async function readCorrections(file: string): Promise<CategoryCorrections> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`Cannot read ${file}.`);
  }
  try {
    return JSON.parse(text) as CategoryCorrections;
  } catch {
    throw new UsageError(`${file} is not valid JSON.`);
  }
}

async function createFromArguments(args: readonly string[]): Promise<Categorizer> {
  let corrections: CategoryCorrections | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    const file = args[index + 1];
    if (arg !== '--corrections' || file === undefined || corrections !== undefined) {
      throw new UsageError(
        arg === '--corrections'
          ? '--corrections needs one FILE.'
          : `Unexpected argument: ${arg ?? ''}`,
      );
    }
    corrections = await readCorrections(file);
    index++;
  }
  try {
    return createCategorizer({ corrections });
  } catch (error) {
    if (error instanceof CategorizationError) {
      throw new UsageError(`Invalid corrections: ${error.message}.`);
    }
    throw error;
  }
}

type LineInput = { id: string | number; description: string; amount: number };

/** The line's transaction, or the reason it cannot be read. */
function readLine(line: string): LineInput | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'invalid JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'expected a JSON object {"id","description","amount"}';
  }
  const { id, description, amount } = value as Record<string, unknown>;
  const problems: string[] = [];
  if (id === undefined) problems.push('missing "id"');
  else if (typeof id !== 'string' && typeof id !== 'number') {
    problems.push('"id" must be a string or a number');
  }
  if (description === undefined) problems.push('missing "description"');
  else if (typeof description !== 'string') problems.push('"description" must be a string');
  if (amount === undefined) problems.push('missing "amount"');
  else if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    problems.push('"amount" must be a whole number of cents');
  }
  if (problems.length > 0) return problems.join(', ');
  return value as LineInput;
}

/**
 * `categorize`: JSON lines in, one categorised JSON line out per transaction. Exit 0 when
 * every line was categorised, 1 when some lines were rejected (the rest are still
 * printed), 2 on bad usage.
 */
export async function runCategorizeCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help')) {
    await write(io.stdout, USAGE);
    return 0;
  }
  let categorizer: Categorizer;
  try {
    categorizer = await createFromArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    await write(io.stderr, `${error.message}\n${USAGE}`);
    return 2;
  }

  let output = '';
  let rejected = 0;
  let lineNumber = 0;
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const input = readLine(line);
    if (typeof input === 'string') {
      rejected++;
      await write(io.stderr, `line ${lineNumber}: ${input}\n`);
      continue;
    }
    const result = categorizer.categorize(input);
    output += `${JSON.stringify({
      id: input.id,
      category: result.category,
      parent: result.parent,
      confidence: result.confidence,
    })}\n`;
    if (output.length >= FLUSH_SIZE) {
      await write(io.stdout, output);
      output = '';
    }
  }
  if (output !== '') await write(io.stdout, output);
  return rejected > 0 ? 1 : 0;
}
