import { parseArgs } from 'node:util';
import { parseModel } from '../model/index.js';
import { relationalSynthesizerFromModel } from '../relational/index.js';
import {
  isOutputFormat,
  ModelError,
  OutputError,
  synthesizerFromModel,
  writeRows,
} from '../synthesizers/index.js';
import { TableError } from '../table.js';
import type { CliIo } from '@app/engine-kit';
import { readInputBytes } from './read-input.js';
import { writeTables } from './synthesize-relational.js';

const USAGE = `Usage: generate --model MODEL.json --rows N [--seed S] [--format csv|jsonl|parquet|xlsx]
       generate --model MODEL.json --out DIR [--scale X] [--seed S] [--format F]   (a relational model)
Draws rows from a model saved by "synthesize --save-model" (or "synthesize-relational --save-model")
without fitting again: the same model and seed give the same rows.`;

class UsageError extends Error {}

function readArguments(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        model: { type: 'string' },
        rows: { type: 'string' },
        seed: { type: 'string', default: '0' },
        format: { type: 'string', default: 'csv' },
        out: { type: 'string' },
        scale: { type: 'string', default: '1' },
      },
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function parseWhole(name: string, text: string, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > max) {
    throw new UsageError(
      `--${name} must be a whole number from 0 to ${String(max)}, not "${text}".`,
    );
  }
  return value;
}

/** `generate --model FILE …`: rows of a stored model to stdout, or a relational model's tables to DIR. */
export async function runGenerateCommand(args: string[], io: CliIo): Promise<number> {
  try {
    const values = readArguments(args);
    if (values.model === undefined) throw new UsageError('Give --model MODEL.json.');
    const { format } = values;
    if (!isOutputFormat(format)) throw new UsageError(`Unknown format "${format}".`);
    const seed = parseWhole('seed', values.seed, 0xffffffff);
    const model = parseModel(new TextDecoder().decode(await readInputBytes(values.model, io)));
    if (model.algorithm === 'relational') {
      if (values.out === undefined) throw new UsageError('A relational model needs --out DIR.');
      const scale = Number(values.scale);
      if (!(scale > 0)) throw new UsageError('--scale must be a number above 0.');
      const tables = relationalSynthesizerFromModel(model).sample({ seed, scale });
      const written = await writeTables({ tables, out: values.out, format });
      io.stdout.write(`${JSON.stringify(written, null, 2)}\n`);
      return 0;
    }
    if (values.rows === undefined) throw new UsageError('Give --rows N.');
    const rows = parseWhole('rows', values.rows, Number.MAX_SAFE_INTEGER);
    const synthesizer = synthesizerFromModel(model);
    await writeRows({ format, batches: synthesizer.sample({ rows, seed }), stream: io.stdout });
    return 0;
  } catch (error) {
    if (!(
      error instanceof UsageError ||
      error instanceof ModelError ||
      error instanceof TableError ||
      error instanceof OutputError
    ))
      throw error;
    io.stderr.write(`Error: ${error.message}\n${USAGE}\n`);
    return 2;
  }
}
