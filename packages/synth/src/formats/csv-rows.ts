import Papa from 'papaparse';
import { TableError } from '../table.js';

/**
 * The rows of a CSV stream one at a time, the header row first, as the file's cells (not
 * trimmed). Reads as the consumer asks, so a file of any size is held a chunk at a time;
 * stopping early (break, return) closes the source. A row with another number of cells than
 * the header is a TableError.
 */
export async function* readCsvRows(source: NodeJS.ReadableStream): AsyncGenerator<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' });
  const rows = source.pipe(parser) as NodeJS.ReadableStream & { destroy(): void };
  let width: number | null = null;
  let line = 0;
  try {
    for await (const chunk of rows) {
      const cells = chunk as unknown as string[];
      line++;
      if (width === null) {
        width = cells.length;
        const [first = '', ...rest] = cells;
        yield [first.replace(/^\uFEFF/, ''), ...rest];
        continue;
      }
      if (cells.length !== width) {
        throw new TableError('rowWidth', { row: line, cells: cells.length, columns: width });
      }
      yield cells;
    }
  } finally {
    rows.destroy();
    (source as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }
}
