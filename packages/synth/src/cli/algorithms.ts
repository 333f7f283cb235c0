import { ALGORITHMS } from '../synthesizers/index.js';
import type { CliIo } from '@app/engine-kit';

/** `algorithms`: writes the synthesis algorithms with their descriptions and parameters as JSON. */
export function runAlgorithmsCommand(args: string[], io: CliIo): Promise<number> {
  if (args.length > 0) {
    io.stderr.write('Usage: algorithms\n');
    return Promise.resolve(2);
  }
  io.stdout.write(`${JSON.stringify(ALGORITHMS, null, 2)}\n`);
  return Promise.resolve(0);
}
