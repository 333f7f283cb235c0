import type { TDatasetVersion } from '@app/contracts';
import { readCsvBatches } from '@app/synth';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { findInstance, type InstanceRow } from './repository.js';

/**
 * Where an instance's file lives in storage: under its team (or the platform) and its id. Its
 * CSV is `data.csv`; a zip waits as `upload.zip` until the job unpacks it.
 */
export function instanceFileKey(
  instance: { teamId: string | null; id: string },
  file: 'data.csv' | 'upload.zip' | 'report.html' = 'data.csv',
): string {
  return `dataverse/${instance.teamId ?? 'platform'}/instances/${instance.id}/${file}`;
}

export function toDatasetVersion(instance: InstanceRow): TDatasetVersion {
  return {
    dsiId: instance.id,
    version: instance.version,
    numberOfRows: instance.numberOfRows ?? 0,
    diskSize: instance.sizeBytes ?? 0,
    confirmedDate: (instance.confirmedAt ?? instance.createdAt).toISOString(),
  };
}

export type InstanceRows = {
  instance: InstanceRow;
  /** The file's header row. */
  headers: string[];
  /**
   * The data rows in file order, a batch at a time (the rows of each chunk read from storage),
   * read as they are consumed (at most `limit` in all).
   */
  batches: AsyncGenerator<string[][]>;
};

/**
 * The rows of a READY instance (a confirmed version of a dataset, `dsiId`), streamed from its
 * CSV file in storage: a file of any size is read a chunk at a time, and leaving the loop
 * early closes the file. It does not check who asks: the caller has checked the right to the
 * rows (a purchase). The instance stays readable after its dataset is deleted. Not found
 * (404) when there is no READY instance of that id or its file is gone.
 */
export async function readInstanceRows(
  deps: Pick<Deps, 'db' | 'storage'>,
  options: { dsiId: string; limit?: number },
): Promise<InstanceRows> {
  const instance = await findInstance(deps.db, options.dsiId);
  const file =
    instance?.status === 'READY' ? await deps.storage.openRead(instance.storageKey) : undefined;
  if (!instance || !file) {
    throw new AppError('NOT_FOUND', { message: 'There is no such version of a dataset.' });
  }
  const reader = readCsvBatches(file);
  const header = await reader.next();
  const headers = header.done ? [] : (header.value[0] ?? []);
  const limit = options.limit ?? Infinity;
  async function* batches(): AsyncGenerator<string[][]> {
    let count = 0;
    try {
      while (count < limit) {
        const next = await reader.next();
        if (next.done) return;
        const rows =
          next.value.length > limit - count ? next.value.slice(0, limit - count) : next.value;
        count += rows.length;
        yield rows;
      }
    } finally {
      await reader.return(undefined);
    }
  }
  return { instance, headers, batches: batches() };
}
