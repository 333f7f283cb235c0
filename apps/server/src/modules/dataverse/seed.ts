import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DATAVERSE_SAMPLE_ROWS, DIMENSION_CODES } from '@app/contracts';
import { profileTable, readCsvTable, type Table } from '@app/synth';
import type { Executor } from '../../db/client.js';
import type { Storage } from '../../platform/storage.js';
import { instanceFileKey } from './instances.js';
import { DIMENSIONS, type DimensionSeed } from './reference-data.js';
import {
  ensureSeedFamily,
  findDatasetIdBySeedKey,
  findElementByCode,
  findDatasetInstances,
  findElements,
  insertDataset,
  insertInstance,
  insertMissingDimension,
  insertMissingElements,
  type FieldInsert,
} from './repository.js';
import { foldText } from './search-text.js';
import { SEED_DATASETS, type SeedDataset } from './seed-datasets.js';

const SEED_FOLDER = new URL('./seed-data/', import.meta.url);

export const QUALITY_METHOD =
  'Completeness: 100 × the share of filled cells × the share of rows that are not exact duplicates.';
export const UTILITY_NOT_MEASURED = 'Not measured: real data is its own reference.';

type SeedStorage = Pick<Storage, 'has' | 'put'>;

/**
 * Adds the reference data and the starting catalogue that are missing, and leaves what exists
 * alone (an administrator's new descriptions, a deleted element's replacement), so seeding
 * again at every start changes nothing. Each seeded dataset has version 1, its CSV file put
 * into storage when storage lacks it.
 */
export async function seedDataverse(executor: Executor, storage: SeedStorage): Promise<void> {
  await executor.transaction(async (tx) => {
    await seedReferenceData(tx);
    for (const seed of SEED_DATASETS) await seedDataset(tx, storage, seed);
  });
}

async function seedReferenceData(executor: Executor): Promise<void> {
  for (const dimension of DIMENSIONS) {
    await insertMissingDimension(executor, {
      code: dimension.code,
      descriptionEn: dimension.en,
      descriptionEs: dimension.es,
    });
  }
  // Regions first: a country's parent is its region.
  const [regions, ...others] = DIMENSIONS;
  if (regions) await insertMissingElements(executor, elementRows(regions, new Map()));
  const regionIds = new Map(
    (await findElements(executor, DIMENSION_CODES.REGIONS)).map((row) => [row.code, row.id]),
  );
  for (const dimension of others) {
    await insertMissingElements(executor, elementRows(dimension, regionIds));
  }
}

function elementRows(dimension: DimensionSeed, parentIds: Map<string, string>) {
  return dimension.elements.map((element, position) => ({
    dimensionCode: dimension.code,
    code: element.code,
    descriptionEn: element.en,
    descriptionEs: element.es,
    parentId: element.parentCode ? (parentIds.get(element.parentCode) ?? null) : null,
    position,
  }));
}

async function element(executor: Executor, dimensionCode: string, code: string) {
  const row = await findElementByCode(executor, { dimensionCode, code });
  if (!row) throw new Error(`no reference data ${dimensionCode}/${code}`);
  return row;
}

function qualityScore(table: Table): number {
  const cells = table.rows.length * table.columns.length;
  const missing = table.rows.reduce(
    (sum, row) => sum + row.filter((cell) => cell === null || cell === '').length,
    0,
  );
  const distinctRows = new Set(table.rows.map((row) => JSON.stringify(row))).size;
  const score =
    100 * (1 - missing / Math.max(cells, 1)) * (distinctRows / Math.max(table.rows.length, 1));
  return Math.round(score * 10) / 10;
}

function fieldsOf(table: Table, seed: SeedDataset): FieldInsert[] {
  const profile = profileTable(table);
  return profile.columns.map((column, position) => ({
    name: column.name,
    type: column.type,
    uniqueValues: column.unique,
    missingValues: column.missing,
    reference: seed.family?.references[column.name] ?? null,
    isTarget: column.name === seed.targetColumn,
    isSensitive: column.type.startsWith('pii:'),
    sensitiveKind: column.type.startsWith('pii:') ? column.type.slice(4) : null,
    position,
  }));
}

/** Version 1 of a seeded dataset, and its file in storage, when either is missing. */
async function seedInstance(
  executor: Executor,
  storage: SeedStorage,
  options: { datasetId: string; seed: SeedDataset; bytes: Buffer; rows: number },
): Promise<void> {
  const [existing] = await findDatasetInstances(executor, options.datasetId);
  let key = existing?.storageKey;
  if (!key) {
    const id = randomUUID();
    key = instanceFileKey({ teamId: null, id });
    await insertInstance(executor, {
      id,
      teamId: null,
      datasetId: options.datasetId,
      version: 1,
      status: 'READY',
      storageKey: key,
      fileName: options.seed.file,
      numberOfRows: options.rows,
      sizeBytes: options.bytes.byteLength,
      progress: 100,
      confirmedAt: new Date(),
    });
  }
  if (!(await storage.has(key))) await storage.put(key, options.bytes, 'text/csv');
}

async function seedDataset(
  executor: Executor,
  storage: SeedStorage,
  seed: SeedDataset,
): Promise<void> {
  const bytes = readFileSync(new URL(seed.file, SEED_FOLDER));
  const table = readCsvTable(bytes.toString('utf8'));
  const existingId = await findDatasetIdBySeedKey(executor, seed.seedKey);
  const datasetId = existingId ?? (await insertSeedDataset(executor, { seed, bytes, table }));
  await seedInstance(executor, storage, { datasetId, seed, bytes, rows: table.rows.length });
}

async function insertSeedDataset(
  executor: Executor,
  options: { seed: SeedDataset; bytes: Buffer; table: Table },
): Promise<string> {
  const { seed, bytes, table } = options;
  const familyId = seed.family
    ? await ensureSeedFamily(executor, {
        seedKey: seed.family.seedKey,
        name: seed.family.name,
        description: seed.family.description,
      })
    : null;
  const wanted: [string, string][] = [
    ...seed.industryCodes.map((code): [string, string] => [DIMENSION_CODES.INDUSTRIES, code]),
    ...seed.useCaseCodes.map((code): [string, string] => [DIMENSION_CODES.USE_CASES, code]),
    [DIMENSION_CODES.NATURE, seed.nature],
    [DIMENSION_CODES.ACCESS_TYPE, seed.pricingValueCents > 0 ? '002' : '001'],
    [DIMENSION_CODES.DOMAINS, seed.domainCode],
    [DIMENSION_CODES.DATASET_USAGE, seed.usageCode],
  ];
  const elements = [];
  for (const [dimensionCode, code] of wanted) {
    elements.push(await element(executor, dimensionCode, code));
  }
  const country = await element(executor, DIMENSION_CODES.COUNTRIES, seed.countryCode);
  // The words of its reference data in both languages find a dataset too ("finanzas").
  const text = [
    seed.name,
    seed.description,
    seed.attributes,
    seed.useCasesText,
    seed.providerName,
    ...[...elements, country].flatMap((row) => [row.descriptionEn, row.descriptionEs]),
  ];
  return insertDataset(
    executor,
    {
      teamId: null,
      seedKey: seed.seedKey,
      familyId,
      name: seed.name,
      description: seed.description,
      descriptionAttributes: seed.attributes,
      descriptionUseCases: seed.useCasesText,
      providerName: seed.providerName,
      contributors: seed.contributors,
      history: seed.history,
      frequency: seed.frequency,
      countryId: country.id,
      priceModel: seed.priceModel,
      pricingBase: seed.pricingBase,
      pricingValueCents: seed.pricingValueCents,
      numberOfRows: table.rows.length,
      diskSizeBytes: bytes.byteLength,
      qualityScore: qualityScore(table),
      qualityMethod: QUALITY_METHOD,
      utilityScore: seed.utility?.score ?? null,
      utilityMethod: seed.utility?.method ?? UTILITY_NOT_MEASURED,
      sample: {
        headers: table.columns,
        body: table.rows
          .slice(0, DATAVERSE_SAMPLE_ROWS)
          .map((row) => row.map((cell) => cell ?? '')),
      },
      includeColumns: seed.family ? table.columns : null,
      licenceName: seed.licence.name,
      licenceUrl: seed.licence.url,
      sourceName: seed.source.name,
      sourceUrl: seed.source.url,
      isPublished: true,
      searchName: foldText(seed.name),
      searchText: foldText([...text, ...table.columns].join(' ')),
    },
    fieldsOf(table, seed),
    elements.map((row) => row.id),
  );
}
