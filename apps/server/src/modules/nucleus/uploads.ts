import path from 'node:path';
import {
  SINTEZA_FILE_MAX_BYTES,
  type TDataProfile,
  type TUploadUrlResponse,
} from '@app/contracts/nucleus';
import { detectInputFormat, type InputFormat } from '@app/synth';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import type { DatasetProfile } from '../../platform/data-profile.js';
import { acceptedUploadSize } from '../../platform/storage.js';
import { removeRunFiles, runFileKey, signedAddress } from './files.js';
import { copyToScratch, withScratch } from './scratch.js';
import { runLog } from './run-log.js';
import {
  appendRunLog,
  deleteRun,
  findRun,
  insertRun,
  updateRun,
  type RunRow,
} from './repository.js';

type Owner = { teamId: string };

/** The team's run, or 404 whether it is another team's or does not exist. */
export async function requireRun(deps: Deps, options: Owner & { runId: string }): Promise<RunRow> {
  const run = await findRun(deps.db, options.teamId, options.runId);
  // An edge command line's reported run is counted, not a run of the platform's to show.
  if (!run || run.kind === 'EDGE') throw new AppError('NOT_FOUND');
  return run;
}

/** A draft run whose upload is not synthesized yet; 409 for a run past that. */
async function requireDraft(deps: Deps, options: Owner & { runId: string }): Promise<RunRow> {
  const run = await requireRun(deps, options);
  if (run.status !== 'DRAFT') {
    throw new AppError('CONFLICT', { message: `The run is ${run.status}, no longer a draft.` });
  }
  return run;
}

/** POST run/url?fileName: a draft run and the signed address to PUT its file to. */
export async function createUploadUrl(
  deps: Deps,
  options: Owner & { fileName: string },
): Promise<TUploadUrlResponse> {
  const run = await insertRun(deps.db, options.teamId, {
    kind: 'SYNTHESIZE',
    status: 'DRAFT',
    fileName: options.fileName,
    format: detectInputFormat(options.fileName),
    createdAt: deps.clock.now(),
  });
  const key = runFileKey(run, 'upload');
  const address = await signedAddress(deps, (expiresInSeconds) =>
    deps.storage.signedUploadUrl(key, { expiresInSeconds, maxBytes: SINTEZA_FILE_MAX_BYTES }),
  );
  return { runId: run.id, method: 'PUT', maxBytes: SINTEZA_FILE_MAX_BYTES, ...address };
}

/**
 * PUT run/{id}/url/confirm: the uploaded file is read by the engine (in a worker thread) and
 * its profile kept. A file that is missing, too large or not a table is refused with 400 or
 * 413 and the draft is left as it was, so the user can upload again.
 */
export async function confirmUpload(
  deps: Deps,
  options: Owner & { runId: string },
): Promise<TDataProfile> {
  const run = await requireDraft(deps, options);
  const key = runFileKey(run, 'upload');
  const size = await acceptedUploadSize(deps.storage, key, SINTEZA_FILE_MAX_BYTES);
  const outcome = await withScratch('upload', async (scratch) => {
    const file = path.join(scratch, 'upload');
    if (size === undefined || !(await copyToScratch(deps.storage, key, file))) {
      throw validationError({ file: 'validation.required' }, 'No file was uploaded to the run.');
    }
    return cpuPool.run('profileDataset', { file, format: run.format as InputFormat });
  });
  if (!outcome.ok) {
    throw validationError(
      { file: 'validation.fileType' },
      `The file cannot be read as a table: ${outcome.message}`,
    );
  }
  const profile = outcome.value;
  const confirmed = await updateRun(
    deps.db,
    run.teamId,
    run.id,
    {
      sizeBytes: size,
      sourceRows: profile.rowCount,
      sourceColumns: profile.columnCount,
      profile,
    },
    ['DRAFT'],
  );
  if (!confirmed) throw new AppError('CONFLICT', { message: 'The run is no longer a draft.' });
  await appendRunLog(
    deps.db,
    run.teamId,
    run.id,
    runLog(deps, {
      code: 'uploaded',
      params: { file: run.fileName, rows: profile.rowCount, columns: profile.columnCount },
    }),
  );
  return toDataProfile(confirmed);
}

/** PUT run/{id}/url/cancel: the draft and its file are removed. */
export async function cancelUpload(deps: Deps, options: Owner & { runId: string }): Promise<void> {
  const run = await requireDraft(deps, options);
  await removeRunFiles(deps, run);
  await deleteRun(deps.db, run.teamId, run.id);
}

/** The profile stored when the upload was confirmed; 409 before that. */
export function readProfile(run: RunRow): DatasetProfile {
  if (run.profile === null) {
    throw new AppError('CONFLICT', { message: 'Confirm the run’s upload first.' });
  }
  const profile = run.profile as DatasetProfile;
  // Profiles stored before distributions were kept have none.
  return {
    ...profile,
    columns: profile.columns.map((column) => ({
      ...column,
      distribution: column.distribution ?? null,
    })),
  };
}

function toDataProfile(run: RunRow): TDataProfile {
  return { runId: run.id, fileName: run.fileName, format: run.format, ...readProfile(run) };
}

/** POST dataprofiling: the confirmed upload's columns, types, missing, distinct, personal data. */
export async function getDataProfile(
  deps: Deps,
  options: Owner & { runId: string },
): Promise<TDataProfile> {
  const run = await requireRun(deps, options);
  if (run.kind !== 'SYNTHESIZE') {
    throw new AppError('CONFLICT', { message: 'A generation run has no upload of its own.' });
  }
  return toDataProfile(run);
}
