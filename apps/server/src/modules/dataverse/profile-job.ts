import { randomUUID } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import {
  DATAVERSE_SAMPLE_ROWS,
  LOADER_ZIP_MAX_FILES,
  LOADER_ZIP_MAX_UNPACKED_BYTES,
} from '@app/contracts';
import { profileCsvStream, readCsvRows, TableError } from '@app/synth';
import { Unzip, UnzipInflate } from 'fflate';
import { z } from 'zod';
import { toDatasetProfile } from '../../platform/data-profile.js';
import type { Deps } from '../../platform/deps.js';
import { instanceFileKey } from './instances.js';
import { PROFILE_JOB, requireTeamDataset, type StoredInstanceProfile } from './loader.js';
import {
  findDatasetElements,
  findInstance,
  insertDataset,
  insertInstance,
  insertTeamFamily,
  updateInstance,
  updateTeamDataset,
  type InstanceRow,
} from './repository.js';
import { foldText } from './search-text.js';

export const ZProfileJobPayload = z.object({ teamId: z.uuid(), instanceId: z.uuid() });

/** Rows the engine keeps (a uniform sample) for types and distributions; counts cover every row. */
const PROFILE_SAMPLE_ROWS = 20_000;
/** Progress is written each time this share of the file more was read. */
const PROGRESS_STEP = 5;

/** The file cannot be loaded: told to the seller as it is. */
class LoadFailure extends Error {}
/** The seller cancelled (or the instance is gone) while the job worked. */
class LoadStopped extends Error {}

/**
 * Completeness, as the seeded catalogue scores it: 100 × the share of filled cells × the
 * share of rows that are not exact duplicates (estimated past the engine's exact limit).
 */
export function completenessScore(options: {
  rows: number;
  columns: number;
  missingCells: number;
  distinctRows: number;
}): number {
  const cells = Math.max(options.rows * options.columns, 1);
  const score =
    100 * (1 - options.missingCells / cells) * (options.distinctRows / Math.max(options.rows, 1));
  return Math.round(score * 10) / 10;
}

/** A stream that passes the file through and writes the share read so far as progress. */
function withProgress(deps: Deps, instance: InstanceRow, source: Readable): Readable {
  const total = Math.max(instance.sizeBytes ?? 0, 1);
  let read = 0;
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      read += chunk.byteLength;
      const progress = Math.min(95, Math.floor((100 * read) / total));
      if (progress < written + PROGRESS_STEP) {
        callback(null, chunk);
        return;
      }
      written = progress;
      updateInstance(deps.db, instance.id, { progress }, ['PROFILING']).then(
        (row) => {
          callback(row ? null : new LoadStopped(), chunk);
        },
        (error: unknown) => {
          callback(error as Error);
        },
      );
    },
  });
  source.on('error', (error) => counter.destroy(error));
  return source.pipe(counter);
}

async function openFile(deps: Deps, instance: InstanceRow): Promise<Readable> {
  const file = await deps.storage.openRead(instance.storageKey);
  if (!file) throw new LoadFailure('The uploaded file is gone.');
  return file;
}

/** The first rows of the file, as the details page previews them. */
async function firstRows(deps: Deps, instance: InstanceRow): Promise<string[][]> {
  const rows: string[][] = [];
  let isHeader = true;
  for await (const row of readCsvRows(await openFile(deps, instance))) {
    if (isHeader) {
      isHeader = false;
      continue;
    }
    rows.push(row.map((cell) => cell.trim()));
    if (rows.length >= DATAVERSE_SAMPLE_ROWS) break;
  }
  return rows;
}

/**
 * Reads the CSV once, as a stream (bounded memory whatever its size): the engine's exact
 * counts over every row and types from a sample; then the preview rows and the score.
 */
async function profileInstanceFile(deps: Deps, instance: InstanceRow) {
  const stream = withProgress(deps, instance, await openFile(deps, instance));
  const profile = await profileCsvStream({ stream, sampleRows: PROFILE_SAMPLE_ROWS });
  const described = toDatasetProfile(profile);
  const missingCells = described.columns.reduce((sum, column) => sum + column.missing, 0);
  const stored: StoredInstanceProfile = {
    fields: described.columns.map((column) => ({
      name: column.name,
      type: column.type,
      uniqueValues: column.distinct,
      missingValues: column.missing,
      personalData: column.personalData,
      isTarget: false,
      isSensitive: column.personalData !== null,
    })),
    sample: {
      headers: described.columns.map((column) => column.name),
      body: await firstRows(deps, instance),
    },
    warnings: described.warnings,
    qualityScore: completenessScore({
      rows: profile.rowCount,
      columns: profile.columnCount,
      missingCells,
      distinctRows: profile.distinctRows ?? profile.rowCount,
    }),
  };
  return { rows: profile.rowCount, profile: stored };
}

type ZipEntry = { name: string; key: string; bytes: number };

function isTableEntry(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return (
    name.toLowerCase().endsWith('.csv') && !name.startsWith('__MACOSX/') && !base.startsWith('.')
  );
}

/**
 * Unpacks the zip's CSV files into storage one chunk at a time (never a whole file in
 * memory), each under a key `keyOf` gives. Too many tables, or more unpacked bytes than the
 * limit (a zip bomb), stop it.
 */
async function unpackZip(
  deps: Deps,
  options: { source: Readable; keyOf: (index: number) => string },
): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  const writes: Promise<void>[] = [];
  // Set by fflate's callbacks while chunks are pushed.
  const state: { unpacked: number; failure: Error | null; out: PassThrough | null } = {
    unpacked: 0,
    failure: null,
    out: null,
  };
  const unzip = new Unzip((file) => {
    if (!isTableEntry(file.name) || state.failure) return;
    if (entries.length >= LOADER_ZIP_MAX_FILES) {
      state.failure = new LoadFailure(
        `The zip holds more than ${String(LOADER_ZIP_MAX_FILES)} CSV files.`,
      );
      return;
    }
    const entry: ZipEntry = { name: file.name, key: options.keyOf(entries.length), bytes: 0 };
    entries.push(entry);
    const out = new PassThrough();
    state.out = out;
    writes.push(deps.storage.putStream(entry.key, out, 'text/csv'));
    file.ondata = (error, chunk, final) => {
      if (error) {
        state.failure = new LoadFailure(`The zip cannot be read: ${error.message}`);
        out.end();
        return;
      }
      entry.bytes += chunk.byteLength;
      state.unpacked += chunk.byteLength;
      if (state.unpacked > LOADER_ZIP_MAX_UNPACKED_BYTES) {
        state.failure = new LoadFailure('The zip unpacks to more than the limit.');
        file.terminate();
        out.end();
        return;
      }
      out.write(chunk);
      if (final) out.end();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of options.source) {
      unzip.push(chunk as Uint8Array);
      if (state.failure) break;
      const { out } = state;
      if (out?.writableNeedDrain) {
        await new Promise((resolve) => out.once('drain', resolve));
      }
    }
    if (!state.failure) unzip.push(new Uint8Array(0), true);
  } catch (error) {
    state.failure = new LoadFailure(`The zip cannot be read: ${(error as Error).message}`);
  }
  state.out?.end();
  await Promise.all(writes);
  if (state.failure) {
    await Promise.all(entries.map((entry) => deps.storage.delete(entry.key)));
    throw state.failure;
  }
  if (entries.length === 0) throw new LoadFailure('The zip holds no CSV file.');
  return entries;
}

function tableName(fileName: string): string {
  return (fileName.split('/').pop() ?? fileName).replace(/\.csv$/i, '');
}

/**
 * A zip of several CSV tables becomes a family: the dataset it was loaded into takes the
 * first table (by name) and each other table becomes a dataset of the family, with the same
 * metadata; every table is a version profiled by its own job, all confirmed or cancelled
 * together (one batch).
 */
async function spreadZip(deps: Deps, zip: InstanceRow): Promise<InstanceRow> {
  const teamId = zip.teamId ?? '';
  const ids: string[] = [];
  const entries = await unpackZip(deps, {
    source: await openFile(deps, zip),
    keyOf: (index) => {
      const id = index === 0 ? zip.id : randomUUID();
      ids[index] = id;
      return instanceFileKey({ teamId, id });
    },
  });
  const order = entries
    .map((entry, index) => ({ entry, id: ids[index] ?? '' }))
    .sort((a, b) => a.entry.name.localeCompare(b.entry.name));
  const first = await deps.db.transaction(async (tx) => {
    const origin = await requireTeamDataset(tx, { teamId, datasetId: zip.datasetId ?? '' });
    const [head, ...rest] = order;
    if (!head) throw new LoadFailure('The zip holds no CSV file.');
    let familyId: string | null = null;
    if (rest.length > 0) {
      familyId = await insertTeamFamily(tx, teamId, {
        name: origin.name,
        description: origin.description,
      });
      await updateTeamDataset(tx, teamId, origin.id, { familyId });
    }
    const elementIds = (await findDatasetElements(tx, [origin.id])).map((row) => row.element.id);
    for (const { entry, id } of rest) {
      const name = `${origin.name} · ${tableName(entry.name)}`;
      const datasetId = await insertDataset(
        tx,
        {
          teamId,
          familyId,
          name,
          description: origin.description,
          descriptionAttributes: origin.descriptionAttributes,
          descriptionUseCases: origin.descriptionUseCases,
          providerName: origin.providerName,
          frequency: origin.frequency,
          countryId: origin.countryId,
          priceModel: origin.priceModel,
          pricingBase: origin.pricingBase,
          pricingValueCents: origin.pricingValueCents,
          numberOfRows: 0,
          diskSizeBytes: 0,
          qualityMethod: origin.qualityMethod,
          utilityMethod: origin.utilityMethod,
          sample: { headers: [], body: [] },
          licenceName: origin.licenceName,
          sourceName: origin.sourceName,
          isPublished: false,
          searchName: foldText(name),
          searchText: origin.searchText,
        },
        [],
        elementIds,
      );
      const member = await insertInstance(tx, {
        id,
        teamId,
        datasetId,
        version: 1,
        status: 'PROFILING',
        batchId: zip.id,
        storageKey: instanceFileKey({ teamId, id }),
        fileName: entry.name,
        sizeBytes: entry.bytes,
      });
      await deps.jobs.enqueue(PROFILE_JOB, { teamId, instanceId: member.id }, { tx });
    }
    const updated = await updateInstance(
      tx,
      zip.id,
      {
        storageKey: instanceFileKey({ teamId, id: zip.id }),
        fileName: head.entry.name,
        sizeBytes: head.entry.bytes,
        batchId: zip.id,
      },
      ['PROFILING'],
    );
    if (!updated) throw new LoadStopped();
    return updated;
  });
  await deps.storage.delete(zip.storageKey);
  return first;
}

/**
 * The profiling job of an instance: a zip is first spread into its tables; the CSV is read
 * as a stream with its progress written as it goes, and the profile kept for the seller's
 * review (REVIEW). A file that is not a table FAILS with the reason, and its file is removed.
 * A cancel meanwhile stops the job at its next progress write.
 */
export async function runProfileJob(
  deps: Deps,
  payload: z.infer<typeof ZProfileJobPayload>,
): Promise<void> {
  let instance = await findInstance(deps.db, payload.instanceId);
  if (instance?.status !== 'PROFILING' || instance.teamId !== payload.teamId) return;
  try {
    if (instance.storageKey.endsWith('.zip')) instance = await spreadZip(deps, instance);
    const { rows, profile } = await profileInstanceFile(deps, instance);
    await updateInstance(
      deps.db,
      instance.id,
      { status: 'REVIEW', progress: 100, numberOfRows: rows, profile },
      ['PROFILING'],
    );
  } catch (error) {
    if (error instanceof LoadStopped) return;
    if (!(error instanceof LoadFailure) && !(error instanceof TableError)) throw error;
    const failed = await updateInstance(
      deps.db,
      instance.id,
      { status: 'FAILED', progress: 0, failure: error.message },
      ['PROFILING'],
    );
    if (failed) await deps.storage.delete(instance.storageKey);
  }
}
