import { Readable } from 'node:stream';
import type { Language, TTransactionFilters } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import {
  findCsvBatch,
  parseSort,
  resolveScope,
  type CsvBatch,
  type TransactionScope,
} from './transactions-repository.js';

const CSV_BATCH = 20_000;
const CSV_BUFFER_BYTES = 4 * 1024 * 1024;
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

/**
 * Every filtered transaction as CSV for Spanish Excel (UTF-8 with a byte-order mark, `;`,
 * decimal commas, dd/mm/yyyy), read in keyset batches and written as it goes, so memory
 * stays flat whatever the number of rows.
 */
export function streamTransactionsCsv(
  executor: Executor,
  options: {
    teamId: string;
    language: Language;
    filters: TTransactionFilters;
    sortBy: string;
    batchSize?: number;
  },
): Readable {
  const sort = parseSort(options.sortBy);
  const size = options.batchSize ?? CSV_BATCH;
  let after: CsvBatch['last'];
  let scope: TransactionScope | undefined;
  async function readBatch(stream: Readable): Promise<void> {
    const isFirst = scope === undefined;
    scope ??= await resolveScope(executor, options.teamId, options.filters);
    const batch = await findCsvBatch(executor, scope, {
      sort,
      after,
      language: options.language,
      size,
    });
    after = batch.last;
    const header = isFirst ? `\uFEFF${CSV_HEADERS[options.language].join(';')}\r\n` : '';
    if (header + batch.text) stream.push(header + batch.text);
    if (batch.count < size) stream.push(null);
  }
  return new Readable({
    // Room for about two batches, so the next one is read from the database while the last
    // one is still being sent: memory stays bounded, the two run side by side.
    highWaterMark: CSV_BUFFER_BYTES,
    read() {
      readBatch(this).catch((error: unknown) => {
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    },
  });
}

/** `transactions-20261125-031500.csv`: the moment of the download, UTC. */
export function csvFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `transactions-${stamp}.csv`;
}
