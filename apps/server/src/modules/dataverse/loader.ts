import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DATAVERSE_SAMPLE_ROWS,
  DIMENSION_CODES,
  LOADER_FILE_EXTENSIONS,
  LOADER_MULTIPART_MAX_BYTES,
  LOADER_SIGNED_URL_SECONDS,
  LOADER_UPLOAD_MAX_BYTES,
  NATURE_REAL,
  PRICE_MODEL_FREE,
  ZLoaderDatasetRequest,
  type TInstance,
  type TInstanceField,
  type TLoaderUploadUrlResponse,
  type TRelationsRequest,
  type TUpdateInstanceRequest,
} from '@app/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import { acceptedUploadSize, signedStorageAddress } from '../../platform/storage.js';
import { putStreamWithin } from '../../platform/uploads.js';
import { instanceFileKey } from './instances.js';
import {
  deleteTeamDataset,
  deleteTeamFamily,
  findBatchInstances,
  findDatasetElements,
  findDatasetInstances,
  findDatasetsInProgress,
  findElementByCode,
  findElementsByIds,
  findFields,
  findTeamDataset,
  findTeamInstance,
  findTeamName,
  insertDataset,
  insertInstance,
  nextInstanceVersion,
  replaceFields,
  setFieldReference,
  updateInstance,
  updateTeamDataset,
  type DatasetRow,
  type InstanceRow,
} from './repository.js';
import { foldText } from './search-text.js';
import { QUALITY_METHOD, UTILITY_NOT_MEASURED } from './seed.js';

export const PROFILE_JOB = 'dataverse.profile-instance';

type Owner = { teamId: string };
type LoaderDatasetRequest = z.output<typeof ZLoaderDatasetRequest>;

/** What the profiling job keeps of an instance, with the seller's review edits. */
export type StoredInstanceProfile = {
  fields: TInstanceField[];
  sample: { headers: string[]; body: string[][] };
  warnings: string[];
  qualityScore: number | null;
};

const NOT_FOUND_DATASET = 'There is no such dataset of your team.';

export function readInstanceProfile(instance: InstanceRow): StoredInstanceProfile | null {
  return (instance.profile as StoredInstanceProfile | null) ?? null;
}

export function toInstance(instance: InstanceRow): TInstance {
  const profile = readInstanceProfile(instance);
  return {
    dsiId: instance.id,
    datasetId: instance.datasetId ?? '',
    version: instance.version,
    status: instance.status,
    fileName: instance.fileName,
    progress: instance.progress,
    numberOfRows: instance.numberOfRows,
    sizeBytes: instance.sizeBytes,
    qualityScore: profile?.qualityScore ?? null,
    fields: profile?.fields ?? [],
    sample: profile?.sample ?? { headers: [], body: [] },
    warnings: profile?.warnings ?? [],
    failure: instance.failure,
    batchId: instance.batchId,
    createdDate: instance.createdAt.toISOString(),
    confirmedDate: instance.confirmedAt?.toISOString() ?? null,
  };
}

export async function requireTeamDataset(
  executor: Executor,
  options: Owner & { datasetId: string },
): Promise<DatasetRow> {
  const dataset = await findTeamDataset(executor, options.teamId, options.datasetId);
  if (!dataset) throw new AppError('NOT_FOUND', { message: NOT_FOUND_DATASET });
  return dataset;
}

async function requireInstance(
  executor: Executor,
  options: Owner & { datasetId: string; instanceId: string },
): Promise<InstanceRow> {
  const instance = await findTeamInstance(executor, options.teamId, options);
  if (!instance) {
    throw new AppError('NOT_FOUND', { message: 'There is no such version of your dataset.' });
  }
  return instance;
}

/** The reference data a request names, by code; an unknown code is a 400 on its field. */
async function elementIdsOf(executor: Executor, request: LoaderDatasetRequest) {
  const wanted: [field: string, dimension: string, code: string][] = [
    ...request.industries.map((code): [string, string, string] => [
      'industries',
      DIMENSION_CODES.INDUSTRIES,
      code,
    ]),
    ...request.useCases.map((code): [string, string, string] => [
      'useCases',
      DIMENSION_CODES.USE_CASES,
      code,
    ]),
    ['nature', DIMENSION_CODES.NATURE, NATURE_REAL],
    [
      'priceModel',
      DIMENSION_CODES.ACCESS_TYPE,
      request.priceModel === PRICE_MODEL_FREE ? '001' : '002',
    ],
  ];
  const ids: string[] = [];
  for (const [field, dimensionCode, code] of wanted) {
    const element = await findElementByCode(executor, { dimensionCode, code });
    if (!element) throw validationError({ [field]: 'validation.invalid' });
    if (!ids.includes(element.id)) ids.push(element.id);
  }
  let countryId: string | null = null;
  if (request.country) {
    const country = await findElementByCode(executor, {
      dimensionCode: DIMENSION_CODES.COUNTRIES,
      code: request.country.toUpperCase(),
    });
    if (!country) throw validationError({ country: 'validation.invalid' });
    countryId = country.id;
  }
  return { elementIds: ids, countryId };
}

/**
 * The words the catalogue search reads for a dataset: its texts, its reference data in both
 * languages and its columns, folded as a query is.
 */
async function searchTextOf(executor: Executor, dataset: DatasetRow, columns: string[]) {
  const elements = (await findDatasetElements(executor, [dataset.id])).map((row) => row.element);
  const country = dataset.countryId ? await findElementsByIds(executor, [dataset.countryId]) : [];
  return foldText(
    [
      dataset.name,
      dataset.description,
      dataset.descriptionAttributes,
      dataset.descriptionUseCases,
      dataset.providerName,
      ...[...elements, ...country].flatMap((row) => [row.descriptionEn, row.descriptionEs]),
      ...columns,
    ].join(' '),
  );
}

/**
 * POST /loader/dataset: a dataset of the team with its metadata and price, unpublished and
 * without data until its first version is confirmed. The team is its provider.
 */
export async function createLoaderDataset(
  deps: Deps,
  options: Owner & { request: LoaderDatasetRequest },
): Promise<DatasetRow> {
  const { teamId, request } = options;
  return deps.db.transaction(async (tx) => {
    const { elementIds, countryId } = await elementIdsOf(tx, request);
    const providerName = await findTeamName(tx, teamId);
    const id = await insertDataset(
      tx,
      {
        teamId,
        name: request.datasetName,
        description: request.datasetDesc,
        descriptionAttributes: request.datasetDescAttributes,
        descriptionUseCases: request.datasetDescUsecases,
        providerName,
        frequency: request.frequency,
        countryId,
        priceModel: request.priceModel,
        pricingBase: request.pricingBase,
        pricingValueCents: request.pricingValue,
        numberOfRows: 0,
        diskSizeBytes: 0,
        qualityMethod: QUALITY_METHOD,
        utilityMethod: UTILITY_NOT_MEASURED,
        sample: { headers: [], body: [] },
        licenceName: 'Proprietary: sold under the platform’s terms',
        sourceName: providerName,
        isPublished: false,
        searchName: foldText(request.datasetName),
        searchText: '',
      },
      [],
      elementIds,
    );
    const dataset = await requireTeamDataset(tx, { teamId, datasetId: id });
    const searchText = await searchTextOf(tx, dataset, []);
    return (await updateTeamDataset(tx, teamId, id, { searchText })) ?? dataset;
  });
}

/**
 * A dataset takes one new version at a time: the one in progress is confirmed or cancelled
 * first. A zip makes a family, so it only goes into a new dataset (no version, no family).
 */
async function requireLoadable(
  executor: Executor,
  options: { dataset: DatasetRow; fileName: string },
): Promise<void> {
  const { dataset } = options;
  if ((await findDatasetsInProgress(executor, [dataset.id])).size > 0) {
    throw new AppError('CONFLICT', {
      message: 'A version of this dataset is being loaded: confirm or cancel it first.',
    });
  }
  if (!isZip(options.fileName)) return;
  const versions = await findDatasetInstances(executor, dataset.id);
  if (versions.length > 0 || dataset.familyId) {
    throw new AppError('CONFLICT', {
      message: 'A zip makes a new family: load it into a new dataset.',
    });
  }
}

function hasLoaderExtension(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return LOADER_FILE_EXTENSIONS.some((extension) => name.endsWith(extension));
}

function isZip(fileName: string): boolean {
  return fileName.toLowerCase().endsWith('.zip');
}

/** Where an uploaded file of a version is stored: a zip is unpacked later by the job. */
function uploadKey(instance: { teamId: string; id: string }, fileName: string): string {
  return instanceFileKey(instance, isZip(fileName) ? 'upload.zip' : 'data.csv');
}

async function insertNewInstance(
  executor: Executor,
  options: Owner & { datasetId: string; fileName: string; status: InstanceRow['status'] } & {
    id?: string;
    sizeBytes?: number;
    batchId?: string;
  },
): Promise<InstanceRow> {
  const id = options.id ?? randomUUID();
  return insertInstance(executor, {
    id,
    teamId: options.teamId,
    datasetId: options.datasetId,
    version: await nextInstanceVersion(executor, options.datasetId),
    status: options.status,
    batchId: options.batchId ?? (isZip(options.fileName) ? id : null),
    storageKey: uploadKey({ teamId: options.teamId, id }, options.fileName),
    fileName: options.fileName,
    sizeBytes: options.sizeBytes ?? null,
  });
}

/** POST /loader/dataset/{id}/instance/url?fileName: a new version and where to PUT its file. */
export async function createInstanceUploadUrl(
  deps: Deps,
  options: Owner & { datasetId: string; fileName: string },
): Promise<TLoaderUploadUrlResponse> {
  const instance = await deps.db.transaction(async (tx) => {
    const dataset = await requireTeamDataset(tx, options);
    await requireLoadable(tx, { dataset, fileName: options.fileName });
    return insertNewInstance(tx, { ...options, status: 'UPLOADING' });
  });
  const address = await signedStorageAddress(deps, {
    expiresInSeconds: LOADER_SIGNED_URL_SECONDS,
    make: (expiresInSeconds) =>
      deps.storage.signedUploadUrl(instance.storageKey, {
        expiresInSeconds,
        maxBytes: LOADER_UPLOAD_MAX_BYTES,
      }),
  });
  return { dsiId: instance.id, method: 'PUT', maxBytes: LOADER_UPLOAD_MAX_BYTES, ...address };
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    message: `The file is larger than ${String(maxBytes / 1024 / 1024)} MB.`,
  });
}

/** Starts the profiling job of an instance whose file is in storage, in the caller's transaction. */
async function startProfiling(deps: Deps, tx: Executor, instance: InstanceRow): Promise<void> {
  await deps.jobs.enqueue(
    PROFILE_JOB,
    { teamId: instance.teamId, instanceId: instance.id },
    { tx, maxAttempts: 2 },
  );
}

/**
 * PUT /loader/dataset/{id}/instance/{inst}/url/confirm: the file was PUT to the signed
 * address; its profiling starts. A missing or empty file is a 400 and a file over the limit a
 * 413 (removed), and the version stays UPLOADING so the seller can upload again.
 */
export async function confirmInstanceUpload(
  deps: Deps,
  options: Owner & { datasetId: string; instanceId: string },
): Promise<TInstance> {
  const instance = await requireInstance(deps.db, options);
  if (instance.status !== 'UPLOADING') {
    throw new AppError('CONFLICT', { message: `The version is ${instance.status}.` });
  }
  const size = await acceptedUploadSize(deps.storage, instance.storageKey, LOADER_UPLOAD_MAX_BYTES);
  if (!size) {
    throw validationError({ file: 'validation.required' }, 'No file was uploaded.');
  }
  return deps.db.transaction(async (tx) => {
    const updated = await updateInstance(
      tx,
      instance.id,
      { status: 'PROFILING', sizeBytes: size },
      ['UPLOADING'],
    );
    if (!updated) throw new AppError('CONFLICT', { message: 'The version changed meanwhile.' });
    await startProfiling(deps, tx, updated);
    return toInstance(updated);
  });
}

/**
 * POST /loader/dataset/{id}/instance: a small file sent in the request (CSV, or a zip of CSV
 * tables) becomes a new version, profiled by a job. The file streams to storage as it
 * arrives. A file of another type is a 400, an empty one a 400, one over the multipart limit
 * a 413; nothing is stored then.
 */
export async function uploadInstanceFile(
  deps: Deps,
  options: Owner & {
    datasetId: string;
    file: { fileName: string; stream(): Readable } | undefined;
  },
): Promise<TInstance> {
  const { file } = options;
  const dataset = await requireTeamDataset(deps.db, options);
  if (!file) throw validationError({ file: 'validation.required' }, 'Send the file.');
  if (!hasLoaderExtension(file.fileName)) {
    throw validationError({ file: 'validation.fileType' }, 'Send a CSV file or a zip of them.');
  }
  await requireLoadable(deps.db, { dataset, fileName: file.fileName });
  const id = randomUUID();
  const key = uploadKey({ teamId: options.teamId, id }, file.fileName);
  const sizeBytes = await putStreamWithin(deps.storage, {
    key,
    body: file.stream(),
    contentType: isZip(file.fileName) ? 'application/zip' : 'text/csv',
    maxBytes: LOADER_MULTIPART_MAX_BYTES,
    tooLarge: () => tooLarge(LOADER_MULTIPART_MAX_BYTES),
  });
  try {
    if (sizeBytes === 0) {
      throw validationError({ file: 'validation.required' }, 'The file is empty.');
    }
    return await deps.db.transaction(async (tx) => {
      await requireLoadable(tx, { dataset, fileName: file.fileName });
      const instance = await insertNewInstance(tx, {
        ...options,
        id,
        fileName: file.fileName,
        status: 'PROFILING',
        sizeBytes,
      });
      await startProfiling(deps, tx, instance);
      return toInstance(instance);
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
}

/** GET /loader/dataset/{id}/instances: every version of the team's dataset, newest first. */
export async function listInstances(
  deps: Deps,
  options: Owner & { datasetId: string },
): Promise<TInstance[]> {
  await requireTeamDataset(deps.db, options);
  const instances = await findDatasetInstances(deps.db, options.datasetId, { allStatuses: true });
  return instances.map(toInstance);
}

export async function getInstance(
  deps: Deps,
  options: Owner & { datasetId: string; instanceId: string },
): Promise<TInstance> {
  return toInstance(await requireInstance(deps.db, options));
}

/** The instances confirmed or cancelled together with this one: its zip's, or itself. */
async function batchOf(executor: Executor, instance: InstanceRow): Promise<InstanceRow[]> {
  if (!instance.batchId || !instance.teamId) return [instance];
  const batch = await findBatchInstances(executor, instance.teamId, instance.batchId);
  return batch.length > 0 ? batch : [instance];
}

/**
 * PUT /loader/dataset/{id}/instance/{inst}: the seller's review of a profiled version: a
 * column's type, whether it is the target (at most one) and whether it is sensitive.
 */
export async function reviewInstance(
  deps: Deps,
  options: Owner & { datasetId: string; instanceId: string; request: TUpdateInstanceRequest },
): Promise<TInstance> {
  const instance = await requireInstance(deps.db, options);
  const profile = readInstanceProfile(instance);
  if (instance.status !== 'REVIEW' || !profile) {
    throw new AppError('CONFLICT', { message: 'Only a version in review can be changed.' });
  }
  const fields = profile.fields.map((field) => ({ ...field }));
  options.request.fields.forEach((edit, index) => {
    const field = fields.find((candidate) => candidate.name === edit.name);
    if (!field) throw validationError({ [`fields.${String(index)}.name`]: 'validation.invalid' });
    if (edit.type !== undefined) field.type = edit.type;
    if (edit.isTarget !== undefined) field.isTarget = edit.isTarget;
    if (edit.isSensitive !== undefined) field.isSensitive = edit.isSensitive;
  });
  if (fields.filter((field) => field.isTarget).length > 1) {
    throw validationError({ fields: 'validation.invalid' }, 'Only one column can be the target.');
  }
  const updated = await updateInstance(
    deps.db,
    instance.id,
    { profile: { ...profile, fields } satisfies StoredInstanceProfile },
    ['REVIEW'],
  );
  if (!updated) throw new AppError('CONFLICT', { message: 'The version changed meanwhile.' });
  return toInstance(updated);
}

/** The dataset takes the confirmed version's figures, columns and sample. */
async function applyVersion(
  executor: Executor,
  options: { dataset: DatasetRow; instance: InstanceRow; profile: StoredInstanceProfile },
): Promise<void> {
  const { dataset, instance, profile } = options;
  const teamId = dataset.teamId ?? '';
  const columns = profile.sample.headers;
  await replaceFields(
    executor,
    dataset.id,
    profile.fields.map((field, position) => ({
      name: field.name,
      type: field.type,
      uniqueValues: field.uniqueValues,
      missingValues: field.missingValues,
      isTarget: field.isTarget,
      isSensitive: field.isSensitive,
      sensitiveKind: field.isSensitive ? (field.personalData ?? null) : null,
      position,
    })),
  );
  await updateTeamDataset(executor, teamId, dataset.id, {
    numberOfRows: instance.numberOfRows ?? 0,
    diskSizeBytes: instance.sizeBytes ?? 0,
    qualityScore: profile.qualityScore,
    sample: { headers: columns, body: profile.sample.body.slice(0, DATAVERSE_SAMPLE_ROWS) },
    includeColumns: dataset.familyId ? columns : null,
    searchText: await searchTextOf(executor, dataset, columns),
    updatedAt: new Date(),
  });
}

/**
 * POST .../instance/{inst}/confirm: the reviewed version (with every table of its zip) becomes
 * the dataset's current data, in one transaction.
 */
export async function confirmInstance(
  deps: Deps,
  options: Owner & { datasetId: string; instanceId: string },
): Promise<TInstance> {
  return deps.db.transaction(async (tx) => {
    const instance = await requireInstance(tx, options);
    const batch = await batchOf(tx, instance);
    if (batch.some((member) => member.status !== 'REVIEW')) {
      throw new AppError('CONFLICT', {
        message: 'Only a profiled version in review can be confirmed.',
      });
    }
    let confirmed = instance;
    for (const member of batch) {
      const profile = readInstanceProfile(member);
      const dataset = await requireTeamDataset(tx, {
        teamId: options.teamId,
        datasetId: member.datasetId ?? '',
      });
      const updated = await updateInstance(
        tx,
        member.id,
        { status: 'READY', confirmedAt: deps.clock.now() },
        ['REVIEW'],
      );
      if (!updated || !profile) throw new AppError('CONFLICT');
      await applyVersion(tx, { dataset, instance: updated, profile });
      if (member.id === instance.id) confirmed = updated;
    }
    return toInstance(confirmed);
  });
}

/**
 * POST .../instance/{inst}/cancel: the version (with every table of its zip) is dropped and
 * its files removed. The datasets a zip added are deleted with it, and the family it made.
 * A READY version is the data buyers see: it cannot be cancelled.
 */
export async function cancelInstance(
  deps: Deps,
  options: Owner & { datasetId: string; instanceId: string },
): Promise<TInstance> {
  const { cancelled, keys } = await deps.db.transaction(async (tx) => {
    const instance = await requireInstance(tx, options);
    const batch = await batchOf(tx, instance);
    if (batch.some((member) => member.status === 'READY' || member.status === 'CANCELLED')) {
      throw new AppError('CONFLICT', {
        message: `The version is ${instance.status}: it can no longer be cancelled.`,
      });
    }
    let result = instance;
    for (const member of batch) {
      const updated = await updateInstance(tx, member.id, { status: 'CANCELLED', progress: 0 }, [
        'UPLOADING',
        'PROFILING',
        'REVIEW',
        'FAILED',
      ]);
      if (!updated) throw new AppError('CONFLICT', { message: 'The version changed meanwhile.' });
      if (member.id === instance.id) result = updated;
    }
    await dissolveZipFamily(tx, { teamId: options.teamId, instance, batch });
    return { cancelled: result, keys: batch.map((member) => member.storageKey) };
  });
  await Promise.all(keys.map((key) => deps.storage.delete(key)));
  return toInstance(cancelled);
}

/** A cancelled zip takes back what it added: its other datasets and the family it made. */
async function dissolveZipFamily(
  executor: Executor,
  options: Owner & { instance: InstanceRow; batch: InstanceRow[] },
): Promise<void> {
  const { instance, batch } = options;
  if (!instance.batchId || batch.length < 2) return;
  const origin = batch.find((member) => member.id === instance.batchId) ?? instance;
  const dataset = await findTeamDataset(executor, options.teamId, origin.datasetId ?? '');
  for (const member of batch) {
    if (member.datasetId && member.datasetId !== origin.datasetId) {
      await deleteTeamDataset(executor, options.teamId, member.datasetId);
    }
  }
  if (dataset?.familyId) {
    await updateTeamDataset(executor, options.teamId, dataset.id, {
      familyId: null,
      includeColumns: null,
    });
    await deleteTeamFamily(executor, options.teamId, dataset.familyId);
  }
}

/**
 * POST /loader/relations: a column of a family's dataset refers to a column of another
 * dataset of the same family (its key); the details page shows it as `dataset.column`.
 */
export async function setRelations(
  deps: Deps,
  options: Owner & { request: TRelationsRequest },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    for (const [index, relation] of options.request.relations.entries()) {
      const child = await requireTeamDataset(tx, {
        teamId: options.teamId,
        datasetId: relation.datasetId,
      });
      const parent = await requireTeamDataset(tx, {
        teamId: options.teamId,
        datasetId: relation.referencedDatasetId,
      });
      if (!child.familyId || child.familyId !== parent.familyId || child.id === parent.id) {
        throw validationError(
          { [`relations.${String(index)}.referencedDatasetId`]: 'validation.invalid' },
          'Relations link two datasets of one family.',
        );
      }
      const parentFields = await findFields(tx, [parent.id]);
      if (!parentFields.some((field) => field.name === relation.referencedColumn)) {
        throw validationError({
          [`relations.${String(index)}.referencedColumn`]: 'validation.invalid',
        });
      }
      const isSet = await setFieldReference(tx, {
        datasetId: child.id,
        column: relation.column,
        reference: `${parent.name}.${relation.referencedColumn}`,
      });
      if (!isSet) {
        throw validationError({ [`relations.${String(index)}.column`]: 'validation.invalid' });
      }
    }
  });
}
