import { createInterface } from 'node:readline';
import { detect } from '../detection/detect.js';
import type { CliIo } from '@app/engine-kit';
import { write } from './write.js';

const USAGE = `Usage: anonymizer detect
Reads JSON lines {"id","text"} and prints one JSON line {"id","spans":[{"start","end","label"}]}
for each, with JavaScript string offsets (UTF-16 code units) into "text".
A bad line is reported on standard error with its line number and skipped.
Exit status: 0 all lines read, 1 some lines rejected, 2 bad usage.
`;
const FLUSH_SIZE = 64 * 1024;

type LineInput = { id: string | number; text: string };

/** The line's document, or the reason it cannot be read. */
function readLine(line: string): LineInput | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'invalid JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'expected a JSON object {"id","text"}';
  }
  const { id, text } = value as Record<string, unknown>;
  const problems: string[] = [];
  if (id === undefined) problems.push('missing "id"');
  else if (typeof id !== 'string' && typeof id !== 'number') {
    problems.push('"id" must be a string or a number');
  }
  if (text === undefined) problems.push('missing "text"');
  else if (typeof text !== 'string') problems.push('"text" must be a string');
  if (problems.length > 0) return problems.join(', ');
  return { id: id as string | number, text: text as string };
}

/** `detect`: JSON lines of documents in, their findings out, one line each, in order. */
export async function runDetectCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help')) {
    await write(io.stdout, USAGE);
    return 0;
  }
  if (args.length > 0) {
    await write(io.stderr, `Unexpected argument: ${args[0] ?? ''}\n${USAGE}`);
    return 2;
  }
  let output = '';
  let rejected = 0;
  let lineNumber = 0;
  for await (const line of createInterface({ input: io.stdin, crlfDelay: Infinity })) {
    lineNumber++;
    if (line.trim() === '') continue;
    const input = readLine(line);
    if (typeof input === 'string') {
      rejected++;
      await write(io.stderr, `line ${lineNumber}: ${input}\n`);
      continue;
    }
    const spans = detect(input.text).map(({ start, end, label }) => ({ start, end, label }));
    output += `${JSON.stringify({ id: input.id, spans })}\n`;
    if (output.length >= FLUSH_SIZE) {
      await write(io.stdout, output);
      output = '';
    }
  }
  if (output !== '') await write(io.stdout, output);
  return rejected > 0 ? 1 : 0;
}
