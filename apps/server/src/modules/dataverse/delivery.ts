import { PassThrough, type Readable } from 'node:stream';
import type { TDownloadFormat, TDownloadResponse } from '@app/contracts';
import { readCsvRows, writeRows, type RowBatch } from '@app/synth';
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
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function deliveryKey(purchase: Pick<PurchaseRow, 'teamId' | 'id'>, format: TDownloadFormat) {
  return `dataverse/purchases/${purchase.teamId}/${purchase.id}/rows.${format}`;
}

async function* inBatches(
  columns: string[],
  rows: AsyncIterable<string[]>,
  convert: (row: string[]) => RowBatch['rows'][number] = (row) => row,
): AsyncGenerator<RowBatch> {
  let batch: RowBatch['rows'] = [];
  for await (const row of rows) {
    batch.push(convert(row));
    if (batch.length === BATCH_ROWS) {
      yield { columns, rows: batch };
      batch = [];
    }
  }
  if (batch.length > 0) yield { columns, rows: batch };
}

/** Writes batches to storage as a stream: the file is never whole in memory. */
async function storeRows(
  deps: Pick<Deps, 'storage'>,
  options: { key: string; format: TDownloadFormat; batches: AsyncIterable<RowBatch> },
): Promise<void> {
  const stream = new PassThrough();
  await Promise.all([
    deps.storage.putStream(options.key, stream, CONTENT_TYPES[options.format]),
    writeRows({ format: options.format, batches: options.batches, stream }).then(
      () => stream.end(),
      (error: unknown) => stream.destroy(error as Error),
    ),
  ]);
}

async function openFrozenRows(deps: Pick<Deps, 'storage'>, key: string) {
  const file = await deps.storage.openRead(key);
  if (!file) throw new Error(`the frozen rows ${key} are gone`);
  const rows = readCsvRows(file);
  const header = await rows.next();
  return { columns: header.done ? [] : header.value, rows };
}

/** Columns whose every filled cell of the frozen rows is a number (Parquet stores them as such). */
async function numericColumns(deps: Pick<Deps, 'storage'>, key: string): Promise<boolean[]> {
  const { columns, rows } = await openFrozenRows(deps, key);
  const isNumber = columns.map(() => true);
  for await (const row of rows) {
    row.forEach((cell, index) => {
      if (cell !== '' && isNumber[index] && !NUMBER.test(cell)) isNumber[index] = false;
    });
  }
  return isNumber;
}

/**
 * Job: freezes the rows of a purchase: the first `quantity` rows of its version, in file order,
 * streamed from the version's file into a CSV file of the purchase, then a Parquet file made
 * from that CSV (numbers as numbers). The purchase's files no longer depend on the dataset.
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
  let count = 0;
  const counted = async function* () {
    for await (const cells of source.rows) {
      count++;
      yield cells;
    }
  };
  const csvKey = deliveryKey(purchase, 'csv');
  await storeRows(deps, {
    key: csvKey,
    format: 'csv',
    batches: inBatches(source.headers, counted()),
  });
  const isNumber = await numericColumns(deps, csvKey);
  const frozen = await openFrozenRows(deps, csvKey);
  await storeRows(deps, {
    key: deliveryKey(purchase, 'parquet'),
    format: 'parquet',
    batches: inBatches(frozen.columns, frozen.rows, (cells) =>
      cells.map((cell, index) => {
        if (!isNumber[index]) return cell;
        return cell === '' ? null : Number(cell);
      }),
    ),
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
