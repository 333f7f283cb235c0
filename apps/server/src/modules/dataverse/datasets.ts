import {
  DIMENSION_CODES,
  NATURE_SYNTHETIC,
  type Language,
  type TDatasetCard,
  type TDatasetEntry,
  type TDatasetField,
  type TDatasetsResponse,
  type TDomel,
  ZDatasetsQuery,
} from '@app/contracts';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { recordView } from './axon.js';
import { describe } from './dimensions.js';
import {
  deleteTeamDataset,
  deleteUnconfirmedInstances,
  deleteTeamFamily,
  findDatasetElements,
  findDatasetInstances,
  findElementsByIds,
  findFamily,
  findFields,
  findVisibleDataset,
  findVisibleFamilyDatasets,
  searchDatasets,
  type DatasetCardRow,
  type DatasetRow,
  type ElementRow,
  type FieldRow,
} from './repository.js';
import { toDatasetVersion } from './instances.js';
import { queryWords } from './search-text.js';

type DatasetsQuery = z.output<typeof ZDatasetsQuery>;

function toDomel(row: ElementRow, language: Language): TDomel {
  return { domelId: row.id, domelCode: row.code, domelDesc: describe(row, language) };
}

/** The reference data of the datasets, by dataset id. */
async function elementsByDataset(deps: Deps, datasetIds: string[]) {
  const byDataset = new Map<string, ElementRow[]>();
  for (const { datasetId, element } of await findDatasetElements(deps.db, datasetIds)) {
    byDataset.set(datasetId, [...(byDataset.get(datasetId) ?? []), element]);
  }
  return byDataset;
}

async function countriesOf(deps: Deps, rows: DatasetRow[]) {
  const ids = rows.flatMap((row) => (row.countryId ? [row.countryId] : []));
  return new Map((await findElementsByIds(deps.db, ids)).map((row) => [row.id, row]));
}

function ofDimension(elements: ElementRow[], code: string, language: Language): TDomel[] {
  return elements
    .filter((element) => element.dimensionCode === code)
    .map((element) => toDomel(element, language));
}

function toCard(options: {
  row: DatasetCardRow;
  elements: Map<string, ElementRow>;
  teamId: string;
  language: Language;
}): TDatasetCard {
  const { row, language } = options;
  const elements = row.elementIds
    .flatMap((id) => options.elements.get(id) ?? [])
    .sort((a, b) => a.position - b.position);
  const country = row.countryId ? options.elements.get(row.countryId) : undefined;
  const nature = ofDimension(elements, DIMENSION_CODES.NATURE, language)[0] ?? null;
  return {
    datasetId: row.id,
    dsiId: row.currentDsiId,
    datasetName: row.name,
    datasetDesc: row.description,
    providerName: row.providerName,
    industries: ofDimension(elements, DIMENSION_CODES.INDUSTRIES, language),
    useCases: ofDimension(elements, DIMENSION_CODES.USE_CASES, language),
    country: country ? toDomel(country, language) : null,
    nature,
    isSynthetic: nature?.domelCode === NATURE_SYNTHETIC,
    isOwn: row.teamId === options.teamId,
    isPublished: row.isPublished,
    numberOfRows: row.numberOfRows,
    numberOfVariables: row.numberOfVariables,
    priceModel: row.priceModel,
    pricingBase: row.pricingBase,
    pricingValue: row.pricingValueCents,
    qualityScore: row.qualityScore,
    familyId: row.familyId,
    lastUpdateDate: row.updatedAt.toISOString(),
  };
}

/**
 * The catalogue a team sees: published datasets and its own, filtered by the facets, ranked
 * by relevance to `q` (accents and case ignored, a typo tolerated), newest first without it.
 */
export async function searchCatalogue(
  deps: Deps,
  options: { teamId: string; query: DatasetsQuery; language: Language },
): Promise<TDatasetsResponse> {
  const { query, teamId, language } = options;
  const words = queryWords(query.q ?? '');
  const { rows, total } = await searchDatasets(deps.db, teamId, {
    words,
    industryCodes: query.industry,
    countryCodes: query.country?.map((code) => code.toUpperCase()),
    useCaseCodes: query.usecase,
    providerNames: query.vendor,
    includeOnSale: query.includeOnSaleDatasets,
    includeOwn: query.includeUserDatasets,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  // The page's reference data, its countries included, in one read.
  const elementIds = new Set(
    rows.flatMap((row) => [...row.elementIds, ...(row.countryId ? [row.countryId] : [])]),
  );
  const elements = new Map(
    (await findElementsByIds(deps.db, [...elementIds])).map((element) => [element.id, element]),
  );
  return {
    items: rows.map((row) => toCard({ row, elements, teamId, language })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function toField(row: FieldRow): TDatasetField {
  return {
    dsfName: row.name,
    dsfType: { domelDesc: row.type },
    uniqueValues: row.uniqueValues,
    missingValues: row.missingValues,
    dsfReference: row.reference,
    dsfIstarget: row.isTarget,
    dsfIssensitive: row.isSensitive,
    dsfSensitive: row.sensitiveKind,
    dsfOrder: row.position,
  };
}

/**
 * The preview another team sees: a column the seller marked sensitive shows no values (its
 * cells are empty), as in the report.
 */
function withoutSensitiveValues(
  sample: TDatasetEntry['sample'],
  fields: readonly FieldRow[],
): TDatasetEntry['sample'] {
  const hidden = new Set(fields.filter((field) => field.isSensitive).map((field) => field.name));
  if (hidden.size === 0) return sample;
  return {
    headers: sample.headers,
    body: sample.body.map((row) =>
      row.map((cell, index) => (hidden.has(sample.headers[index] ?? '') ? '' : cell)),
    ),
  };
}

async function familyOf(
  deps: Deps,
  options: { teamId: string; row: DatasetRow },
): Promise<TDatasetEntry['datasetFamily']> {
  if (!options.row.familyId) return null;
  const family = await findFamily(deps.db, options.row.familyId);
  if (!family) return null;
  const members = await findVisibleFamilyDatasets(deps.db, options.teamId, family.id);
  const fields = await findFields(
    deps.db,
    members.map((member) => member.id),
  );
  return {
    familyId: family.id,
    familyName: family.name,
    familyDescription: family.description,
    datasets: members.map((member) => {
      const columns = member.sample.headers;
      const included = member.includeColumns ?? columns;
      return {
        datasetId: member.id,
        datasetName: member.name,
        fields: fields.filter((field) => field.datasetId === member.id).map(toField),
        includeColumns: included,
        notIncludeColumns: columns.filter((column) => !included.includes(column)),
      };
    }),
  };
}

/** The spec's Dataset entry; another team's unpublished dataset is not found. */
export async function getDatasetEntry(
  deps: Deps,
  options: { teamId: string; datasetId: string; language: Language },
): Promise<TDatasetEntry> {
  const { teamId, language } = options;
  const row = await findVisibleDataset(deps.db, teamId, options.datasetId);
  if (!row) throw new AppError('NOT_FOUND', { message: 'There is no such dataset.' });
  await recordView(deps, { dataset: row, viewerTeamId: teamId });
  const [elements, countries, fields, family, versions] = await Promise.all([
    elementsByDataset(deps, [row.id]),
    countriesOf(deps, [row]),
    findFields(deps.db, [row.id]),
    familyOf(deps, { teamId, row }),
    findDatasetInstances(deps.db, row.id),
  ]);
  const own = elements.get(row.id) ?? [];
  const country = row.countryId ? countries.get(row.countryId) : undefined;
  return {
    dsiId: versions[0]?.id ?? null,
    versions: versions.map(toDatasetVersion),
    numberOfRows: row.numberOfRows,
    pricingBase: row.pricingBase,
    pricingValue: row.pricingValueCents,
    diskSize: row.diskSizeBytes,
    clientSecret: null,
    qualityScore: { value: row.qualityScore, domelDesc: row.qualityMethod },
    utilityScore: { value: row.utilityScore, domelDesc: row.utilityMethod },
    sample: row.teamId === teamId ? row.sample : withoutSensitiveValues(row.sample, fields),
    datasetFamily: family,
    licence: { name: row.licenceName, url: row.licenceUrl },
    source: { name: row.sourceName, url: row.sourceUrl },
    isOwn: row.teamId === teamId,
    isPublished: row.isPublished,
    dataset: {
      datasetId: row.id,
      datasetName: row.name,
      datasetDesc: row.description,
      datasetDescAttributes: row.descriptionAttributes,
      datasetDescUsecases: row.descriptionUseCases,
      numberOfVariables: row.sample.headers.length,
      metrics: { qualityScore: row.qualityScore },
      contributors: row.contributors,
      industries: ofDimension(own, DIMENSION_CODES.INDUSTRIES, language),
      useCases: ofDimension(own, DIMENSION_CODES.USE_CASES, language),
      priceModel: { domelCode: row.priceModel },
      creationDate: row.createdAt.toISOString(),
      lastUpdateDate: row.updatedAt.toISOString(),
      country: country ? toDomel(country, language) : null,
      providerName: row.providerName,
      history: row.history,
      frequency: row.frequency,
      metadata: own.map((element) => ({
        dimensionCode: element.dimensionCode,
        domel: toDomel(element, language),
      })),
      fields: fields.map(toField),
    },
  };
}

/**
 * Deletes the team's own dataset; any other (another team's, the platform's) is not found.
 * Versions in progress go with it, files and all; confirmed versions stay for their buyers.
 */
export async function deleteDataset(
  deps: Deps,
  options: { teamId: string; datasetId: string },
): Promise<void> {
  const dropped = await deps.db.transaction(async (tx) => {
    const instances = await deleteUnconfirmedInstances(tx, options.teamId, [options.datasetId]);
    if (!(await deleteTeamDataset(tx, options.teamId, options.datasetId))) {
      throw new AppError('NOT_FOUND', { message: 'There is no such dataset of your team.' });
    }
    return instances;
  });
  await Promise.all(dropped.map((instance) => deps.storage.delete(instance.storageKey)));
}

/** Deletes the team's family with its datasets, in one transaction. */
export async function deleteFamily(
  deps: Deps,
  options: { teamId: string; familyId: string },
): Promise<void> {
  const dropped = await deps.db.transaction(async (tx) => {
    const members = await findVisibleFamilyDatasets(tx, options.teamId, options.familyId);
    const instances = await deleteUnconfirmedInstances(
      tx,
      options.teamId,
      members.filter((member) => member.teamId === options.teamId).map((member) => member.id),
    );
    if (!(await deleteTeamFamily(tx, options.teamId, options.familyId))) {
      throw new AppError('NOT_FOUND', { message: 'There is no such dataset family of your team.' });
    }
    return instances;
  });
  await Promise.all(dropped.map((instance) => deps.storage.delete(instance.storageKey)));
}
