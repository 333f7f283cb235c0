import { text as readAll } from 'node:stream/consumers';
import { AnonymizationError } from '../anonymization-error.js';
import { anonymize, type AnonymizeMode } from '../anonymize.js';
import type { ReplacementStyle } from '../replacement/plan-replacements.js';
import type { CliIo } from '@app/engine-kit';
import { write } from './write.js';

const USAGE = `Usage: anonymizer anonymize --mode text|html [--style placeholder|mask|surrogate] [--mask TEXT] [--seed N]
Reads a whole text (or HTML document) on standard input and prints its anonymised form.
Each entity gets one replacement everywhere: "[PERSON_1]" (placeholder, the default), one
fixed mask, or a made-up value of the same kind (surrogate, repeatable with --seed).
Exit status: 0 done, 1 the input does not suit the mode, 2 bad usage.
`;
const MODES: readonly string[] = ['text', 'html'];
const STYLES: readonly string[] = ['placeholder', 'mask', 'surrogate'];

type Arguments = { mode: AnonymizeMode; style: ReplacementStyle; mask?: string; seed?: number };

/** The parsed arguments, or what is wrong with them. */
function readArguments(args: readonly string[]): Arguments | string {
  const values = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index] ?? '';
    const value = args[index + 1];
    if (!['--mode', '--style', '--mask', '--seed'].includes(name))
      return `Unexpected argument: ${name}`;
    if (value === undefined) return `${name} needs a value.`;
    values.set(name, value);
  }
  const mode = values.get('--mode');
  if (mode === undefined || !MODES.includes(mode)) return '--mode must be text or html.';
  const style = values.get('--style') ?? 'placeholder';
  if (!STYLES.includes(style)) return '--style must be placeholder, mask or surrogate.';
  const seedText = values.get('--seed');
  const seed = seedText === undefined ? undefined : Number(seedText);
  if (seed !== undefined && !Number.isSafeInteger(seed)) return '--seed must be a whole number.';
  return {
    mode: mode as AnonymizeMode,
    style: style as ReplacementStyle,
    mask: values.get('--mask'),
    seed,
  };
}

/** `anonymize`: standard input in, its anonymised form out. */
export async function runAnonymizeCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help')) {
    await write(io.stdout, USAGE);
    return 0;
  }
  const parsed = readArguments(args);
  if (typeof parsed === 'string') {
    await write(io.stderr, `${parsed}\n${USAGE}`);
    return 2;
  }
  const input = await readAll(io.stdin);
  try {
    await write(io.stdout, anonymize({ ...parsed, text: input }).text);
    return 0;
  } catch (error) {
    if (!(error instanceof AnonymizationError)) throw error;
    await write(io.stderr, `${error.message}\n`);
    return 1;
  }
}
