import { parseArgs } from 'node:util';
import { convertTable } from '../formats/index.js';
import { isOutputFormat, OutputError } from '../synthesizers/index.js';
import { TableError } from '../table.js';
import type { CliIo } from '@app/engine-kit';
import { isBlank, parseInputTable, readInputBytes } from './read-input.js';

const USAGE =
  'Usage: convert --format csv|jsonl|parquet|xlsx IN (CSV, Parquet or XLSX; - for CSV on standard input) > OUT';

/** `convert --format F IN`: the table rewritten in another format on stdout; 2 with a message on bad input. */
export async function runConvertCommand(args: string[], io: CliIo): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({ args, allowPositionals: true, options: { format: { type: 'string' } } });
    } catch (error) {
      throw new TableError('badArguments', {
        detail: error instanceof Error ? error.message : String(error),
      });
    }
    const { values, positionals } = parsed;
    const [path, ...extra] = positionals;
    if (path === undefined || extra.length > 0) throw new TableError('oneInputFile');
    const format = values.format ?? '';
    if (!isOutputFormat(format)) throw new TableError('unknownFormat', { format });
    const bytes = await readInputBytes(path, io);
    if (isBlank(bytes)) throw new TableError('inputEmpty');
    await convertTable({ table: await parseInputTable(path, bytes), format, stream: io.stdout });
    return 0;
  } catch (error) {
    if (!(error instanceof TableError || error instanceof OutputError)) throw error;
    io.stderr.write(`Error: ${error.message}\n${USAGE}\n`);
    return 2;
  }
}
