import { Readable } from 'node:stream';
import type { Language, TTransactionFilters } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import {
  copyCsvBatch,
  copyCsvRows,
  findCsvParts,
  parseSort,
  resolveScope,
  type CsvPosition,
} from './transactions-repository.js';

const CSV_BATCH = 20_000;
const CSV_BUFFER_BYTES = 4 * 1024 * 1024;
const LF = 10;
const CR = 13;
const CSV_HEADERS: Record<Language, string[]> = {
  'en-US': [
    'Value date',
    'Operation date',
    'Description',
    'Amount',
    'Balance',
    'Currency',
    'Account',
    'Category',
    'Parent category',
  ],
  es: [
    'Fecha valor',
    'Fecha operación',
    'Concepto',
    'Importe',
    'Saldo',
    'Divisa',
    'Cuenta',
    'Categoría',
    'Categoría principal',
  ],
};

/** `\n` → `\r\n` in one chunk of COPY's output, which ends its lines with `\n` alone. */
export function toCrlf(chunk: Buffer): Buffer {
  let count = 0;
  for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) count++;
  if (count === 0) return chunk;
  const result = Buffer.allocUnsafe(chunk.length + count);
  let from = 0;
  let to = 0;
  for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) {
    to += chunk.copy(result, to, from, at);
    result[to++] = CR;
    result[to++] = LF;
    from = at + 1;
  }
  chunk.copy(result, to, from);
  return result;
}

/**
 * Every filtered transaction as CSV for Spanish Excel (UTF-8 with a byte-order mark, `;`,
 * decimal commas, dd/mm/yyyy), written as it is read, so memory stays flat whatever the
 * number of rows: on PostgreSQL one `COPY … TO STDOUT`, on PGlite a COPY per keyset batch of
 * each part (`findCsvParts`).
 */
export function streamTransactionsCsv(
  executor: Executor,
  options: {
    teamId: string;
    language: Language;
    filters: TTransactionFilters;
    sortBy: string;
    batchSize?: number;
    bufferBytes?: number;
  },
): Readable {
  const sort = parseSort(options.sortBy);
  const size = options.batchSize ?? CSV_BATCH;
  async function* chunks(): AsyncGenerator<string | Buffer> {
    yield `\uFEFF${CSV_HEADERS[options.language].join(';')}\r\n`;
    const scope = await resolveScope(executor, options.teamId, options.filters);
    const copied = await copyCsvRows(executor, scope, { sort, language: options.language });
    if (copied) {
      for await (const chunk of copied) yield toCrlf(chunk as Buffer);
      return;
    }
    for (const part of await findCsvParts(executor, scope, sort)) {
      let after: CsvPosition | undefined;
      for (;;) {
        const batch = await copyCsvBatch(executor, part, {
          sort,
          after,
          language: options.language,
          size,
        });
        if (batch) yield toCrlf(batch.csv);
        if (!batch?.last) break;
        after = batch.last;
      }
    }
  }
  // Room for about two batches, so the next one is read from the database while the last
  // one is still being sent: memory stays bounded, the two run side by side.
  return Readable.from(chunks(), {
    objectMode: false,
    highWaterMark: options.bufferBytes ?? CSV_BUFFER_BYTES,
  });
}

/**
 * `transactions-20261125-031500.csv`: the moment of the download on the user's clock (their
 * profile's time zone), UTC when none is given or it is not one the runtime knows.
 */
export function csvFileName(now: Date, timeZone?: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone ?? 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return csvFileName(now);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  const stamp = `${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}${part('second')}`;
  return `transactions-${stamp}.csv`;
}
