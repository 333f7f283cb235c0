import { PassThrough, type Readable } from 'node:stream';
import type { TDownloadFormat, TDownloadResponse } from '@app/contracts';
import {
  createRowWriter,
  isExactNumber,
  readCsvBatches,
  regroupRows,
  type RowBatch,
} from '@app/synth';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { isPurchaseFileSignature, signPurchaseFileUrl } from './download-links.js';
import { readInstanceRows } from './instances.js';
import {
  findPaidPurchaseOfDataset,
  findPurchase,
  findPurchaseById,
  updatePurchaseDelivery,
  type PurchaseRow,
  type PurchaseWithInvoice,
} from './purchase-repository.js';

const CONTENT_TYPES: Record<TDownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
};
/** Rows per batch written (and per Parquet row group). */
const BATCH_ROWS = 10_000;
export function deliveryKey(purchase: Pick<PurchaseRow, 'teamId' | 'id'>, format: TDownloadFormat) {
  return `dataverse/purchases/${purchase.teamId}/${purchase.id}/rows.${format}`;
}

/** A file of the purchase written to storage as a stream: never whole in memory. */
function openOutput(deps: Pick<Deps, 'storage'>, key: string, format: TDownloadFormat) {
  const stream = new PassThrough();
  const stored = deps.storage.putStream(key, stream, CONTENT_TYPES[format]);
  // A failing storage fails the writes waiting for the stream to drain.
  stored.catch((error: unknown) => stream.destroy(error as Error));
  const writer = createRowWriter({ format, stream });
  return {
    write: (columns: string[], rows: RowBatch['rows']) => writer.write({ columns, rows }),
    async close() {
      try {
        await writer.finish();
      } catch (error) {
        stream.destroy(error as Error);
        await stored.catch(() => undefined);
        throw error;
      }
      stream.end();
      await stored;
    },
    async abort() {
      stream.destroy();
      await stored.catch(() => undefined);
    },
  };
}

type Output = ReturnType<typeof openOutput>;

/** Clears the columns of which a cell of `rows` is filled and not a number. */
function clearNonNumeric(isNumber: boolean[], rows: string[][]): void {
  isNumber.forEach((isStill, index) => {
    if (isStill) isNumber[index] = rows.every((row) => !row[index] || isExactNumber(row[index]));
  });
}

/** The cells of numeric columns as numbers (an empty one as null), the others as written. */
function toParquetRows(isNumber: boolean[], rows: string[][]): RowBatch['rows'] {
  return rows.map((row) =>
    row.map((cell, index) => {
      if (!isNumber[index]) return cell;
      return cell === '' ? null : Number(cell);
    }),
  );
}

async function closeAll(outputs: Output[], work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    await Promise.all(outputs.map((output) => output.abort()));
    throw error;
  }
  await Promise.all(outputs.map((output) => output.close()));
}

/**
 * Writes the rows bought to the purchase's CSV and Parquet files in one read of the version:
 * each batch goes to both. Parquet stores as numbers the columns whose every filled cell is a
 * number it holds exactly (`isExactNumber`), which only the last row settles: the first
 * batch's columns are assumed to hold, and should a later cell break one, the Parquet file is
 * written again from the frozen CSV.
 */
async function writeDeliveryFiles(
  deps: Pick<Deps, 'storage'>,
  options: { purchase: PurchaseRow; columns: string[]; batches: AsyncIterable<string[][]> },
): Promise<number> {
  const { purchase, columns } = options;
  const csv = openOutput(deps, deliveryKey(purchase, 'csv'), 'csv');
  const parquet = openOutput(deps, deliveryKey(purchase, 'parquet'), 'parquet');
  const isNumber = columns.map(() => true);
  let assumed: boolean[] | undefined;
  let count = 0;
  await closeAll([csv, parquet], async () => {
    for await (const rows of regroupRows(options.batches, BATCH_ROWS)) {
      count += rows.length;
      clearNonNumeric(isNumber, rows);
      assumed ??= [...isNumber];
      const isHolding = isNumber.every((isStill, index) => isStill === assumed?.[index]);
      await Promise.all([
        csv.write(columns, rows),
        isHolding ? parquet.write(columns, toParquetRows(isNumber, rows)) : undefined,
      ]);
    }
  });
  if (assumed && isNumber.some((isStill, index) => isStill !== assumed?.[index])) {
    await writeParquetFromCsv(deps, purchase, isNumber);
  }
  return count;
}

/** The Parquet file written again from the frozen CSV file, with the columns' final types. */
async function writeParquetFromCsv(
  deps: Pick<Deps, 'storage'>,
  purchase: PurchaseRow,
  isNumber: boolean[],
): Promise<void> {
  const key = deliveryKey(purchase, 'csv');
  const file = await deps.storage.openRead(key);
  if (!file) throw new Error(`the frozen rows ${key} are gone`);
  const reader = readCsvBatches(file);
  const header = await reader.next();
  const columns = header.done ? [] : (header.value[0] ?? []);
  const parquet = openOutput(deps, deliveryKey(purchase, 'parquet'), 'parquet');
  await closeAll([parquet], async () => {
    for await (const rows of regroupRows(reader, BATCH_ROWS)) {
      await parquet.write(columns, toParquetRows(isNumber, rows));
    }
  });
}

/**
 * Job: freezes the rows of a purchase: the first `quantity` rows of its version, in file order,
 * streamed from the version's file into a CSV file and a Parquet file of the purchase (numbers
 * as numbers). The purchase's files no longer depend on the dataset.
 */
export async function deliverPurchase(deps: Deps, options: { purchaseId: string }): Promise<void> {
  const row = await findPurchaseById(deps.db, options.purchaseId);
  if (!row || row.purchase.deliveryStatus === 'READY' || row.invoice.status === 'void') return;
  const { purchase } = row;
  let source;
  try {
    source = await readInstanceRows(deps, { dsiId: purchase.dsiId, limit: purchase.quantity });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ purchaseId: purchase.id }, 'the version bought is gone before its delivery');
    await updatePurchaseDelivery(deps.db, purchase.teamId, purchase.id, {
      deliveryStatus: 'FAILED',
    });
    return;
  }
  const count = await writeDeliveryFiles(deps, {
    purchase,
    columns: source.headers,
    batches: source.batches,
  });
  await updatePurchaseDelivery(deps.db, purchase.teamId, purchase.id, {
    deliveryStatus: 'READY',
    deliveryRows: count,
    deliveryColumns: source.headers,
    deliveredAt: deps.clock.now(),
  });
}

/** The purchase's files are removed (an order canceled unpaid). */
export async function removeDelivery(deps: Pick<Deps, 'storage'>, purchase: PurchaseRow) {
  await Promise.all([
    deps.storage.delete(deliveryKey(purchase, 'csv')),
    deps.storage.delete(deliveryKey(purchase, 'parquet')),
  ]);
}

function fileName(purchase: PurchaseRow, format: TDownloadFormat): string {
  const slug = purchase.datasetName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${slug || 'dataset'}-${String(purchase.quantity)}-rows.${format}`;
}

function downloadLink(
  deps: Deps,
  row: PurchaseWithInvoice,
  format: TDownloadFormat,
): TDownloadResponse {
  const { purchase, invoice } = row;
  if (invoice.status !== 'paid') {
    throw new AppError('BUSINESS_RULE', {
      reason: 'PURCHASE_NOT_PAID',
      message: 'This purchase is not paid: its rows are downloadable once it is.',
    });
  }
  if (purchase.deliveryStatus !== 'READY') {
    throw new AppError('BUSINESS_RULE', {
      reason: 'DELIVERY_NOT_READY',
      message: 'The rows bought are being prepared: try again in a moment.',
    });
  }
  const { url, expiresAt } = signPurchaseFileUrl(deps, {
    purchaseId: purchase.id,
    teamId: purchase.teamId,
    format,
  });
  return { url, expiresAt: expiresAt.toISOString(), format, fileName: fileName(purchase, format) };
}

/** A signed address of the purchase's rows (paid and ready), for the team that bought them. */
export async function getPurchaseDownload(
  deps: Deps,
  options: { teamId: string; purchaseId: string; format: TDownloadFormat },
): Promise<TDownloadResponse> {
  const row = await findPurchase(deps.db, options.teamId, options.purchaseId);
  if (!row) throw new AppError('NOT_FOUND', { message: 'There is no such purchase of your team.' });
  return downloadLink(deps, row, options.format);
}

/**
 * `dataset/{id}/download`: the rows of the team's newest paid purchase of the dataset (or of
 * the version of that id). Without one, nothing is downloaded: the preview is all one sees.
 */
export async function getDatasetDownload(
  deps: Deps,
  options: { teamId: string; id: string; format: TDownloadFormat },
): Promise<TDownloadResponse> {
  const row = await findPaidPurchaseOfDataset(deps.db, options.teamId, options.id);
  // Not found: the team has no download of this dataset, whether it sees the dataset or not.
  if (!row) {
    throw new AppError('NOT_FOUND', {
      reason: 'PURCHASE_REQUIRED',
      message: 'Your team has bought no rows of this dataset.',
    });
  }
  return downloadLink(deps, row, options.format);
}

/**
 * The file behind a signed address, streamed. The address must be signed for this purchase,
 * its team and format, and unexpired; the purchase must still be paid and its files there.
 */
export async function openPurchaseFile(
  deps: Deps,
  options: { purchaseId: string; format: TDownloadFormat; expires: number; signature: string },
): Promise<{ body: Readable; size: number; contentType: string; fileName: string }> {
  const row = await findPurchaseById(deps.db, options.purchaseId);
  const isSigned =
    row !== undefined &&
    isPurchaseFileSignature(deps, {
      purchaseId: row.purchase.id,
      teamId: row.purchase.teamId,
      format: options.format,
      expires: options.expires,
      signature: options.signature,
    });
  if (!row || !isSigned) {
    throw new AppError('INVALID_TOKEN', {
      message: 'This download address is invalid or expired.',
    });
  }
  const key = deliveryKey(row.purchase, options.format);
  const size = row.invoice.status === 'paid' ? await deps.storage.size(key) : undefined;
  const body = size === undefined ? undefined : await deps.storage.openRead(key);
  if (size === undefined || !body) throw new AppError('NOT_FOUND');
  return {
    body,
    size,
    contentType: CONTENT_TYPES[options.format],
    fileName: fileName(row.purchase, options.format),
  };
}
