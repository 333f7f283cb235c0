import Papa from 'papaparse';
import { TableError } from '../table.js';

/** Parsed chunks waiting for the consumer beyond which the source is paused. */
const MAX_PENDING_CHUNKS = 4;

type Readable = NodeJS.ReadableStream & { destroy?: () => void };

/**
 * The parsed rows of each chunk the source gives, as papaparse's chunk callback hands them.
 * The source is paused while `MAX_PENDING_CHUNKS` wait, so memory stays bounded. (Papaparse's
 * own Node stream pauses its parser every 16 rows and parses the rest of the chunk again on
 * resume, which made reading cost quadratic in the chunk size.)
 */
async function* parsedChunks(source: Readable): AsyncGenerator<string[][]> {
  // Decoded as a stream: a character split between two chunks stays whole.
  source.setEncoding('utf8');
  const pending: string[][][] = [];
  const state: { isDone: boolean; failure?: Error } = { isDone: false };
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  Papa.parse<string[]>(source as unknown as File, {
    skipEmptyLines: 'greedy',
    chunk: (results) => {
      pending.push(results.data);
      if (pending.length >= MAX_PENDING_CHUNKS) source.pause();
      notify();
    },
    complete: () => {
      state.isDone = true;
      notify();
    },
    error: (error: Error) => {
      state.failure = error;
      state.isDone = true;
      notify();
    },
  });
  for (;;) {
    const rows = pending.shift();
    if (rows) {
      if (source.isPaused()) source.resume();
      yield rows;
      continue;
    }
    if (state.failure) throw state.failure;
    if (state.isDone) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}

/**
 * The rows of a CSV stream a batch at a time (the rows of each chunk read), the header row
 * first, alone in its batch, as the file's cells (not trimmed). Reads as the consumer asks,
 * so a file of any size is held a few chunks at a time; stopping early (break, return) closes
 * the source. A row with another number of cells than the header is a TableError.
 */
export async function* readCsvBatches(source: NodeJS.ReadableStream): AsyncGenerator<string[][]> {
  const readable = source as Readable;
  let width: number | null = null;
  let line = 0;
  try {
    for await (let rows of parsedChunks(readable)) {
      if (width === null && rows.length > 0) {
        const [header = [], ...rest] = rows;
        width = header.length;
        const [first = '', ...others] = header;
        line++;
        yield [[first.replace(/^\uFEFF/, ''), ...others]];
        rows = rest;
      }
      const bad = rows.findIndex((cells) => cells.length !== width);
      if (bad >= 0) {
        // The rows before it are given first, as one row at a time would be.
        if (bad > 0) yield rows.slice(0, bad);
        throw new TableError('rowWidth', {
          row: line + bad + 1,
          cells: rows[bad]?.length ?? 0,
          columns: width ?? 0,
        });
      }
      line += rows.length;
      if (rows.length > 0) yield rows;
    }
  } finally {
    readable.destroy?.();
  }
}

/**
 * The rows of a CSV stream one at a time, the header row first (see `readCsvBatches`: the same
 * rows, the same errors).
 */
export async function* readCsvRows(source: NodeJS.ReadableStream): AsyncGenerator<string[]> {
  for await (const rows of readCsvBatches(source)) yield* rows;
}

/**
 * Batches of rows of any size (as `readCsvBatches` gives them, one per chunk read) regrouped into
 * batches of `size` rows, the last one smaller; holds at most one batch.
 */
export async function* regroupRows<Row>(
  batches: AsyncIterable<Row[]>,
  size: number,
): AsyncGenerator<Row[]> {
  let group: Row[] = [];
  for await (const rows of batches) {
    for (const row of rows) {
      group.push(row);
      if (group.length === size) {
        yield group;
        group = [];
      }
    }
  }
  if (group.length > 0) yield group;
}
