import { and, asc, desc, eq, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  dvDatasetElements,
  dvDatasetFamilies,
  dvDatasetFields,
  dvDatasetInstances,
  dvDatasets,
  dvDatasetViews,
  dvSearchWords,
  dvDimensionElements,
  dvDimensions,
  jobs,
  teams,
} from '../../db/schema/index.js';

export type DimensionRow = typeof dvDimensions.$inferSelect;
export type ElementRow = typeof dvDimensionElements.$inferSelect;
export type DatasetRow = typeof dvDatasets.$inferSelect;
export type FieldRow = typeof dvDatasetFields.$inferSelect;
export type FamilyRow = typeof dvDatasetFamilies.$inferSelect;
export type DatasetInsert = Omit<typeof dvDatasets.$inferInsert, 'id' | 'searchVector'>;
export type FieldInsert = Omit<typeof dvDatasetFields.$inferInsert, 'id' | 'datasetId'>;
export type InstanceRow = typeof dvDatasetInstances.$inferSelect;
export type InstanceInsert = typeof dvDatasetInstances.$inferInsert;

// --- Reference data: shared by every team ---

export function findDimensions(executor: Executor): Promise<DimensionRow[]> {
  return executor.select().from(dvDimensions).orderBy(asc(dvDimensions.code));
}

export function findElements(executor: Executor, dimensionCode?: string): Promise<ElementRow[]> {
  return executor
    .select()
    .from(dvDimensionElements)
    .where(dimensionCode ? eq(dvDimensionElements.dimensionCode, dimensionCode) : undefined)
    .orderBy(asc(dvDimensionElements.dimensionCode), asc(dvDimensionElements.position));
}

export function findElementsByIds(executor: Executor, ids: string[]): Promise<ElementRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return executor.select().from(dvDimensionElements).where(inArray(dvDimensionElements.id, ids));
}

export function findElement(executor: Executor, id: string): Promise<ElementRow | undefined> {
  return executor.query.dvDimensionElements.findFirst({ where: eq(dvDimensionElements.id, id) });
}

export async function findElementByCode(
  executor: Executor,
  element: { dimensionCode: string; code: string },
): Promise<ElementRow | undefined> {
  const [row] = await executor
    .select()
    .from(dvDimensionElements)
    .where(
      and(
        eq(dvDimensionElements.dimensionCode, element.dimensionCode),
        eq(dvDimensionElements.code, element.code),
      ),
    );
  return row;
}

/** Inserts the element unless its code exists in the dimension; undefined when it did. */
export async function insertElement(
  executor: Executor,
  values: typeof dvDimensionElements.$inferInsert,
): Promise<ElementRow | undefined> {
  const [row] = await executor
    .insert(dvDimensionElements)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateElementDescriptions(
  executor: Executor,
  id: string,
  values: { descriptionEn: string; descriptionEs: string },
): Promise<ElementRow | undefined> {
  const [row] = await executor
    .update(dvDimensionElements)
    .set(values)
    .where(eq(dvDimensionElements.id, id))
    .returning();
  return row;
}

/** Adds the elements whose code their dimension lacks; leaves the others as they are. */
export async function insertMissingElements(
  executor: Executor,
  values: (typeof dvDimensionElements.$inferInsert)[],
): Promise<void> {
  if (values.length === 0) return;
  await executor.insert(dvDimensionElements).values(values).onConflictDoNothing();
}

export async function insertMissingDimension(
  executor: Executor,
  values: typeof dvDimensions.$inferInsert,
): Promise<void> {
  await executor.insert(dvDimensions).values(values).onConflictDoNothing();
}

// --- Datasets: a team's rows are read with its team id; the platform's have none ---

/** Rows the team may see: published ones, and its own. */
function isVisibleTo(teamId: string): SQL {
  return or(eq(dvDatasets.isPublished, true), eq(dvDatasets.teamId, teamId)) as SQL;
}

export type DatasetSearch = {
  /** The query's accent-folded, lower-cased words (letters and digits only). */
  words?: string[] | undefined;
  industryCodes?: string[] | undefined;
  countryCodes?: string[] | undefined;
  useCaseCodes?: string[] | undefined;
  providerNames?: string[] | undefined;
  includeOnSale: boolean;
  includeOwn: boolean;
  limit: number;
  offset: number;
};

/**
 * Trigram similarity from which a word of the query stands for a word of the catalogue
 * despite a typo ("pengiuns" resembles penguins at 0.38; "store" and "restoration" 0.13).
 */
const TYPO_SIMILARITY = 0.35;
/** The most catalogue words a typo'd query word stands for, the likeliest first. */
const TYPO_CANDIDATES = 20;

function hasElement(dimensionCode: string, codes: string[]): SQL {
  return sql`exists (select 1 from ${dvDatasetElements} de join ${dvDimensionElements} e on e.id = de.element_id
    where de.dataset_id = ${dvDatasets.id} and e.dimension_code = ${dimensionCode}
    and e.code in (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )}))`;
}

/**
 * The catalogue's words (`dv_search_words`) that each query word resembles, by the trigram
 * index: what a typo was meant to be (words it begins are found by prefix already). `%` (at
 * pg_trgm's default threshold, 0.3, below ours) lets the index find the candidates, so no
 * setting, and no transaction to hold it, is needed; `similarity` then keeps ours.
 */
async function findResemblingWords(
  executor: Executor,
  words: string[],
): Promise<Map<string, string[]>> {
  const list = sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  );
  const result = (await executor.execute(
    sql`select query.word as query, to_json(array(
      select ${dvSearchWords.word} from ${dvSearchWords}
      where ${dvSearchWords.word} % query.word
        and similarity(${dvSearchWords.word}, query.word) >= ${TYPO_SIMILARITY}
        and not starts_with(${dvSearchWords.word}, query.word)
      order by similarity(${dvSearchWords.word}, query.word) desc, ${dvSearchWords.word}
      limit ${TYPO_CANDIDATES})) as words
    from unnest(array[${list}]::text[]) as query(word)`,
  )) as { rows: { query: string; words: string[] }[] };
  return new Map(result.rows.map((row) => [row.query, row.words]));
}

/** A lexeme quoted for `::tsquery` input (quotes and backslashes doubled). */
function quotedLexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * A query word as full text: the prefix of a word of the dataset (`simple` configuration), or
 * one of the catalogue words it resembles.
 */
function wordQuery(word: string, resembling: string[]): SQL {
  const prefix = sql`to_tsquery('simple', ${`${word}:*`})`;
  if (resembling.length === 0) return prefix;
  return sql`(${prefix} || ${resembling.map(quotedLexeme).join(' | ')}::tsquery)`;
}

/**
 * How many matches beyond the page's end the name's likeness (`word_similarity`, the costly
 * part of the rank) is worked out for: the best by full-text rank, in which a word of the name
 * weighs most (weight A), so the datasets whose name holds the words are among them.
 */
export const RANKED_CANDIDATES = 200;

/**
 * The page of a word search, best first. The rank adds each word's full-text rank (as a
 * prefix) and twice the name's likeness to the query; the likeness is only worked out for the
 * matches best by full-text rank (the typo's resembling words included), `RANKED_CANDIDATES`
 * past the page's end, so a word found in thousands of datasets costs one ranking of a few
 * hundred. Every match is counted.
 */
function rankedPage(
  executor: Executor,
  where: SQL | undefined,
  words: string[],
  matches: SQL[],
  search: DatasetSearch,
) {
  const textRanks = words.map(
    (word) => sql`ts_rank(${dvDatasets.searchVector}, to_tsquery('simple', ${`${word}:*`}))`,
  );
  const matchRanks = matches.map((match) => sql`ts_rank(${dvDatasets.searchVector}, ${match})`);
  const candidates = executor
    .select({
      candidateId: sql<string>`${dvDatasets.id}`.as('candidate_id'),
      textRank: sql<number>`${sql.join(textRanks, sql` + `)}`.as('text_rank'),
      candidateName: sql<string>`${dvDatasets.searchName}`.as('candidate_name'),
      candidateUpdatedAt: sql<Date>`${dvDatasets.updatedAt}`.as('candidate_updated_at'),
      candidateTotal: sql<number>`(count(*) over ())::int`.as('candidate_total'),
    })
    .from(dvDatasets)
    .where(where)
    .orderBy(
      sql`${sql.join(matchRanks, sql` + `)} desc`,
      desc(dvDatasets.updatedAt),
      asc(dvDatasets.id),
    )
    .limit(search.offset + search.limit + RANKED_CANDIDATES)
    .as('candidates');
  // Words of the name weigh most: a query naming a dataset puts it first.
  const rank = sql<number>`${candidates.textRank} + 2 * word_similarity(${words.join(' ')}, ${candidates.candidateName})`;
  return executor
    .select({
      pageId: sql<string>`${candidates.candidateId}`.as('page_id'),
      rank: rank.as('rank'),
      pageUpdatedAt: sql<Date>`${candidates.candidateUpdatedAt}`.as('page_updated_at'),
      total: sql<number>`${candidates.candidateTotal}`.as('total'),
    })
    .from(candidates)
    .orderBy(sql`rank desc`, desc(candidates.candidateUpdatedAt), asc(candidates.candidateId))
    .limit(search.limit)
    .offset(search.offset);
}

/** What a catalogue card shows of a dataset, with its current version and reference data. */
export type DatasetCardRow = Pick<
  DatasetRow,
  | 'id'
  | 'teamId'
  | 'familyId'
  | 'name'
  | 'description'
  | 'providerName'
  | 'countryId'
  | 'priceModel'
  | 'pricingBase'
  | 'pricingValueCents'
  | 'numberOfRows'
  | 'qualityScore'
  | 'isPublished'
  | 'updatedAt'
> & {
  numberOfVariables: number;
  /** The latest READY version, if any. */
  currentDsiId: string | null;
  /** The reference data (`dv_dataset_elements`) of the dataset. */
  elementIds: string[];
};

/**
 * The datasets a team may see that match, best first, and how many match, in one query that
 * reads the cards' columns of the page's rows only. Every word of the query must match:
 * as the prefix of a word of the text, or as a word of the catalogue it resembles (so a typo
 * still finds its dataset), both through the full-text index. The rank adds the prefix
 * matches' full-text rank and the name's likeness to the query. Without a query the newest
 * come first.
 */
export async function searchDatasets(
  executor: Executor,
  teamId: string,
  search: DatasetSearch,
): Promise<{ rows: DatasetCardRow[]; total: number }> {
  const conditions: SQL[] = [isVisibleTo(teamId)];
  if (!search.includeOwn) {
    conditions.push(sql`${dvDatasets.teamId} is distinct from ${teamId}`);
  }
  if (!search.includeOnSale) conditions.push(eq(dvDatasets.pricingValueCents, 0));
  if (search.industryCodes?.length) conditions.push(hasElement('03', search.industryCodes));
  if (search.useCaseCodes?.length) conditions.push(hasElement('04', search.useCaseCodes));
  if (search.providerNames?.length) {
    // Whatever its case, as the vendors' list groups them (`findVisibleProviders`).
    conditions.push(
      sql`lower(${dvDatasets.providerName}) in (${sql.join(
        search.providerNames.map((name) => sql`lower(${name})`),
        sql`, `,
      )})`,
    );
  }
  if (search.countryCodes?.length) {
    conditions.push(
      sql`${dvDatasets.countryId} in (select id from ${dvDimensionElements} where dimension_code = '02' and code in (${sql.join(
        search.countryCodes.map((code) => sql`${code}`),
        sql`, `,
      )}))`,
    );
  }
  const words = search.words ?? [];
  const resembling =
    words.length > 0 ? await findResemblingWords(executor, words) : new Map<string, string[]>();
  const matches = words.map((word) => wordQuery(word, resembling.get(word) ?? []));
  if (matches.length > 0) {
    conditions.push(sql`${dvDatasets.searchVector} @@ (${sql.join(matches, sql` && `)})`);
  }
  const where = and(...conditions);
  // The page is chosen on the ids, ranks and dates alone, counting every match as it goes;
  // only its rows are then read whole.
  const page = executor.$with('page').as(
    words.length > 0
      ? rankedPage(executor, where, words, matches, search)
      : executor
          .select({
            pageId: sql<string>`${dvDatasets.id}`.as('page_id'),
            rank: sql<number>`0`.as('rank'),
            pageUpdatedAt: sql<Date>`${dvDatasets.updatedAt}`.as('page_updated_at'),
            total: sql<number>`(count(*) over ())::int`.as('total'),
          })
          .from(dvDatasets)
          .where(where)
          .orderBy(desc(dvDatasets.updatedAt), asc(dvDatasets.id))
          .limit(search.limit)
          .offset(search.offset),
  );
  const rows = await executor
    .with(page)
    .select({
      id: dvDatasets.id,
      teamId: dvDatasets.teamId,
      familyId: dvDatasets.familyId,
      name: dvDatasets.name,
      description: dvDatasets.description,
      providerName: dvDatasets.providerName,
      countryId: dvDatasets.countryId,
      priceModel: dvDatasets.priceModel,
      pricingBase: dvDatasets.pricingBase,
      pricingValueCents: dvDatasets.pricingValueCents,
      numberOfRows: dvDatasets.numberOfRows,
      qualityScore: dvDatasets.qualityScore,
      isPublished: dvDatasets.isPublished,
      updatedAt: dvDatasets.updatedAt,
      numberOfVariables: sql<number>`jsonb_array_length(${dvDatasets.sample}->'headers')`,
      currentDsiId: sql<string | null>`(select ${dvDatasetInstances.id} from ${dvDatasetInstances}
        where ${dvDatasetInstances.datasetId} = ${dvDatasets.id} and ${dvDatasetInstances.status} = 'READY'
        order by ${dvDatasetInstances.version} desc limit 1)`,
      elementIds: sql<
        string[]
      >`array(select ${dvDatasetElements.elementId} from ${dvDatasetElements}
        where ${dvDatasetElements.datasetId} = ${dvDatasets.id})::text[]`,
      total: page.total,
    })
    .from(page)
    .innerJoin(dvDatasets, eq(dvDatasets.id, page.pageId))
    .orderBy(desc(page.rank), desc(page.pageUpdatedAt), asc(page.pageId));
  if (rows.length === 0 && search.offset > 0) {
    // Past the last page: no row carries the count.
    const [count] = await executor
      .select({ total: sql<number>`count(*)::int` })
      .from(dvDatasets)
      .where(where);
    return { rows: [], total: count?.total ?? 0 };
  }
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The providers of the datasets the team may see, one per name regardless of case (capitals first). */
export async function findVisibleProviders(executor: Executor, teamId: string): Promise<string[]> {
  const rows = await executor
    .select({ name: sql<string>`min(${dvDatasets.providerName} collate "C")` })
    .from(dvDatasets)
    .where(isVisibleTo(teamId))
    .groupBy(sql`lower(${dvDatasets.providerName})`)
    .orderBy(sql`lower(${dvDatasets.providerName})`);
  return rows.map((row) => row.name);
}

/** Holds callers of the same key one after another until the transaction ends. */
export async function lockForTransaction(executor: Executor, key: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** True when a job of that name and payload waits or runs. */
export async function hasQueuedJob(
  executor: Executor,
  name: string,
  payload: Record<string, string>,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, name),
        sql`${jobs.payload} @> ${JSON.stringify(payload)}::jsonb`,
        inArray(jobs.status, ['pending', 'running']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Any dataset by id, whoever owns it: for code that has checked the caller's right to it. */
export async function findDataset(
  executor: Executor,
  datasetId: string,
): Promise<DatasetRow | undefined> {
  const [row] = await executor.select().from(dvDatasets).where(eq(dvDatasets.id, datasetId));
  return row;
}

/** A dataset the team may see (published, or its own); undefined otherwise. */
export async function findVisibleDataset(
  executor: Executor,
  teamId: string,
  datasetId: string,
): Promise<DatasetRow | undefined> {
  const [row] = await executor
    .select()
    .from(dvDatasets)
    .where(and(eq(dvDatasets.id, datasetId), isVisibleTo(teamId)));
  return row;
}

export function findVisibleFamilyDatasets(
  executor: Executor,
  teamId: string,
  familyId: string,
): Promise<DatasetRow[]> {
  return executor
    .select()
    .from(dvDatasets)
    .where(and(eq(dvDatasets.familyId, familyId), isVisibleTo(teamId)))
    .orderBy(asc(dvDatasets.name));
}

export function findFamily(executor: Executor, familyId: string): Promise<FamilyRow | undefined> {
  return executor.query.dvDatasetFamilies.findFirst({ where: eq(dvDatasetFamilies.id, familyId) });
}

export function findFields(executor: Executor, datasetIds: string[]): Promise<FieldRow[]> {
  if (datasetIds.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(dvDatasetFields)
    .where(inArray(dvDatasetFields.datasetId, datasetIds))
    .orderBy(asc(dvDatasetFields.datasetId), asc(dvDatasetFields.position));
}

/** The reference data elements of the datasets, with the dataset each belongs to. */
export function findDatasetElements(
  executor: Executor,
  datasetIds: string[],
): Promise<{ datasetId: string; element: ElementRow }[]> {
  if (datasetIds.length === 0) return Promise.resolve([]);
  return executor
    .select({ datasetId: dvDatasetElements.datasetId, element: dvDimensionElements })
    .from(dvDatasetElements)
    .innerJoin(dvDimensionElements, eq(dvDimensionElements.id, dvDatasetElements.elementId))
    .where(inArray(dvDatasetElements.datasetId, datasetIds))
    .orderBy(asc(dvDimensionElements.dimensionCode), asc(dvDimensionElements.position));
}

/** Deletes the team's dataset (fields and elements go with it); false when it has none. */
export async function deleteTeamDataset(
  executor: Executor,
  teamId: string,
  datasetId: string,
): Promise<boolean> {
  const deleted = await executor
    .delete(dvDatasets)
    .where(and(eq(dvDatasets.id, datasetId), eq(dvDatasets.teamId, teamId)))
    .returning({ id: dvDatasets.id });
  return deleted.length > 0;
}

/** Deletes the team's family and its datasets; false when the team has no such family. */
export async function deleteTeamFamily(
  executor: Executor,
  teamId: string,
  familyId: string,
): Promise<boolean> {
  await executor
    .delete(dvDatasets)
    .where(and(eq(dvDatasets.familyId, familyId), eq(dvDatasets.teamId, teamId)));
  const deleted = await executor
    .delete(dvDatasetFamilies)
    .where(and(eq(dvDatasetFamilies.id, familyId), eq(dvDatasetFamilies.teamId, teamId)))
    .returning({ id: dvDatasetFamilies.id });
  return deleted.length > 0;
}

// --- Seeding and the loader: writes of whole datasets ---

export async function findDatasetIdBySeedKey(
  executor: Executor,
  seedKey: string,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ id: dvDatasets.id })
    .from(dvDatasets)
    .where(and(eq(dvDatasets.seedKey, seedKey), isNull(dvDatasets.teamId)));
  return row?.id;
}

/** The platform family of the seed key, created when missing. */
export async function ensureSeedFamily(
  executor: Executor,
  values: { seedKey: string; name: string; description: string },
): Promise<string> {
  await executor.insert(dvDatasetFamilies).values(values).onConflictDoNothing();
  const [row] = await executor
    .select({ id: dvDatasetFamilies.id })
    .from(dvDatasetFamilies)
    .where(eq(dvDatasetFamilies.seedKey, values.seedKey));
  if (!row) throw new Error(`family ${values.seedKey} was not stored`);
  return row.id;
}

/** A team's family (the loader's zip of several tables). */
export async function insertTeamFamily(
  executor: Executor,
  teamId: string,
  values: { name: string; description: string },
): Promise<string> {
  const [row] = await executor
    .insert(dvDatasetFamilies)
    .values({ ...values, teamId })
    .returning({ id: dvDatasetFamilies.id });
  if (!row) throw new Error('the family was not stored');
  return row.id;
}

/** Stores a dataset with its fields and reference data elements. */
export async function insertDataset(
  executor: Executor,
  dataset: DatasetInsert,
  fields: FieldInsert[],
  elementIds: string[],
): Promise<string> {
  const [row] = await executor.insert(dvDatasets).values(dataset).returning({ id: dvDatasets.id });
  if (!row) throw new Error('the dataset was not stored');
  if (fields.length > 0) {
    await executor
      .insert(dvDatasetFields)
      .values(fields.map((field) => ({ ...field, datasetId: row.id })));
  }
  if (elementIds.length > 0) {
    await executor
      .insert(dvDatasetElements)
      .values(elementIds.map((elementId) => ({ datasetId: row.id, elementId })));
  }
  return row.id;
}

// --- Instances: the versions of a dataset's data ---

/** The current instance (latest READY version) of each dataset that has one. */
export async function findCurrentInstances(
  executor: Executor,
  datasetIds: string[],
): Promise<Map<string, InstanceRow>> {
  if (datasetIds.length === 0) return new Map();
  const rows = await executor
    .selectDistinctOn([dvDatasetInstances.datasetId])
    .from(dvDatasetInstances)
    .where(
      and(
        inArray(dvDatasetInstances.datasetId, datasetIds),
        eq(dvDatasetInstances.status, 'READY'),
      ),
    )
    .orderBy(dvDatasetInstances.datasetId, desc(dvDatasetInstances.version));
  return new Map(rows.map((row) => [row.datasetId ?? '', row]));
}

/** A dataset's instances, newest first; only the READY ones unless `allStatuses`. */
export function findDatasetInstances(
  executor: Executor,
  datasetId: string,
  options: { allStatuses?: boolean } = {},
): Promise<InstanceRow[]> {
  return executor
    .select()
    .from(dvDatasetInstances)
    .where(
      and(
        eq(dvDatasetInstances.datasetId, datasetId),
        options.allStatuses ? undefined : eq(dvDatasetInstances.status, 'READY'),
      ),
    )
    .orderBy(desc(dvDatasetInstances.version));
}

/** Any instance by id, whoever owns it: for code that has checked the caller's right to it. */
export function findInstance(
  executor: Executor,
  instanceId: string,
): Promise<InstanceRow | undefined> {
  return executor.query.dvDatasetInstances.findFirst({
    where: eq(dvDatasetInstances.id, instanceId),
  });
}

/** The version the dataset's next instance gets. */
export async function nextInstanceVersion(executor: Executor, datasetId: string): Promise<number> {
  const [row] = await executor
    .select({ last: max(dvDatasetInstances.version) })
    .from(dvDatasetInstances)
    .where(eq(dvDatasetInstances.datasetId, datasetId));
  return (row?.last ?? 0) + 1;
}

export async function insertInstance(
  executor: Executor,
  values: InstanceInsert,
): Promise<InstanceRow> {
  const [row] = await executor.insert(dvDatasetInstances).values(values).returning();
  if (!row) throw new Error('the instance was not stored');
  return row;
}

// --- The loader and Axon: a team's own datasets ---

/** The team's own dataset; undefined for another team's or the platform's. */
export async function findTeamDataset(
  executor: Executor,
  teamId: string,
  datasetId: string,
): Promise<DatasetRow | undefined> {
  const [row] = await executor
    .select()
    .from(dvDatasets)
    .where(and(eq(dvDatasets.id, datasetId), eq(dvDatasets.teamId, teamId)));
  return row;
}

export async function updateTeamDataset(
  executor: Executor,
  teamId: string,
  datasetId: string,
  values: Partial<DatasetInsert>,
): Promise<DatasetRow | undefined> {
  const [row] = await executor
    .update(dvDatasets)
    .set(values)
    .where(and(eq(dvDatasets.id, datasetId), eq(dvDatasets.teamId, teamId)))
    .returning();
  return row;
}

/** The team's datasets, newest change first, with the name of the family of each. */
export async function findTeamDatasets(
  executor: Executor,
  teamId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: { dataset: DatasetRow; familyName: string | null }[]; total: number }> {
  const rows = await executor
    .select({ dataset: dvDatasets, familyName: dvDatasetFamilies.name })
    .from(dvDatasets)
    .leftJoin(dvDatasetFamilies, eq(dvDatasetFamilies.id, dvDatasets.familyId))
    .where(eq(dvDatasets.teamId, teamId))
    .orderBy(desc(dvDatasets.updatedAt), asc(dvDatasets.id))
    .limit(page.limit)
    .offset(page.offset);
  const total = await executor.$count(dvDatasets, eq(dvDatasets.teamId, teamId));
  return { rows, total };
}

/** Replaces a dataset's columns with those of its newly confirmed version. */
export async function replaceFields(
  executor: Executor,
  datasetId: string,
  fields: FieldInsert[],
): Promise<void> {
  await executor.delete(dvDatasetFields).where(eq(dvDatasetFields.datasetId, datasetId));
  if (fields.length === 0) return;
  await executor.insert(dvDatasetFields).values(fields.map((field) => ({ ...field, datasetId })));
}

export async function setFieldReference(
  executor: Executor,
  options: { datasetId: string; column: string; reference: string },
): Promise<boolean> {
  const updated = await executor
    .update(dvDatasetFields)
    .set({ reference: options.reference })
    .where(
      and(
        eq(dvDatasetFields.datasetId, options.datasetId),
        eq(dvDatasetFields.name, options.column),
      ),
    )
    .returning({ id: dvDatasetFields.id });
  return updated.length > 0;
}

/** The team's instance of its dataset; undefined for anyone else's. */
export async function findTeamInstance(
  executor: Executor,
  teamId: string,
  options: { datasetId: string; instanceId: string },
): Promise<InstanceRow | undefined> {
  const [row] = await executor
    .select()
    .from(dvDatasetInstances)
    .where(
      and(
        eq(dvDatasetInstances.id, options.instanceId),
        eq(dvDatasetInstances.datasetId, options.datasetId),
        eq(dvDatasetInstances.teamId, teamId),
      ),
    );
  return row;
}

export function findBatchInstances(
  executor: Executor,
  teamId: string,
  batchId: string,
): Promise<InstanceRow[]> {
  return executor
    .select()
    .from(dvDatasetInstances)
    .where(and(eq(dvDatasetInstances.batchId, batchId), eq(dvDatasetInstances.teamId, teamId)))
    .orderBy(asc(dvDatasetInstances.createdAt), asc(dvDatasetInstances.fileName));
}

/**
 * Changes an instance while its status is one of `from`; undefined when it is not (another
 * step got there first, or the seller cancelled).
 */
export async function updateInstance(
  executor: Executor,
  instanceId: string,
  values: Partial<InstanceInsert>,
  from: InstanceRow['status'][],
): Promise<InstanceRow | undefined> {
  const [row] = await executor
    .update(dvDatasetInstances)
    .set(values)
    .where(and(eq(dvDatasetInstances.id, instanceId), inArray(dvDatasetInstances.status, from)))
    .returning();
  return row;
}

/** The instances of a dataset that never became READY (a deleted dataset leaves READY ones). */
export async function deleteUnconfirmedInstances(
  executor: Executor,
  teamId: string,
  datasetIds: string[],
): Promise<InstanceRow[]> {
  if (datasetIds.length === 0) return [];
  return executor
    .delete(dvDatasetInstances)
    .where(
      and(
        eq(dvDatasetInstances.teamId, teamId),
        inArray(dvDatasetInstances.datasetId, datasetIds),
        sql`${dvDatasetInstances.status} <> 'READY'`,
      ),
    )
    .returning();
}

/** The team's datasets with an instance in progress (uploading, profiling, in review). */
export async function findDatasetsInProgress(
  executor: Executor,
  datasetIds: string[],
): Promise<Set<string>> {
  if (datasetIds.length === 0) return new Set();
  const rows = await executor
    .selectDistinct({ datasetId: dvDatasetInstances.datasetId })
    .from(dvDatasetInstances)
    .where(
      and(
        inArray(dvDatasetInstances.datasetId, datasetIds),
        inArray(dvDatasetInstances.status, ['UPLOADING', 'PROFILING', 'REVIEW']),
      ),
    );
  return new Set(rows.flatMap((row) => (row.datasetId ? [row.datasetId] : [])));
}

export async function setDatasetElements(
  executor: Executor,
  datasetId: string,
  elementIds: string[],
): Promise<void> {
  await executor.delete(dvDatasetElements).where(eq(dvDatasetElements.datasetId, datasetId));
  if (elementIds.length === 0) return;
  await executor
    .insert(dvDatasetElements)
    .values(elementIds.map((elementId) => ({ datasetId, elementId })));
}

// --- Views of a dataset by other teams (seller metrics) ---

export async function countView(
  executor: Executor,
  options: { datasetId: string; viewerTeamId: string; day: string },
): Promise<void> {
  await executor
    .insert(dvDatasetViews)
    .values(options)
    .onConflictDoUpdate({
      target: [dvDatasetViews.datasetId, dvDatasetViews.viewerTeamId, dvDatasetViews.day],
      set: { views: sql`${dvDatasetViews.views} + 1` },
    });
}

/** Views of the team's datasets per dataset and day since `fromDay` (yyyy-MM-dd). */
export function findViews(
  executor: Executor,
  teamId: string,
  fromDay: string,
): Promise<{ datasetId: string; day: string; views: number }[]> {
  return executor
    .select({
      datasetId: dvDatasetViews.datasetId,
      day: dvDatasetViews.day,
      views: sql<number>`sum(${dvDatasetViews.views})::int`,
    })
    .from(dvDatasetViews)
    .innerJoin(dvDatasets, eq(dvDatasets.id, dvDatasetViews.datasetId))
    .where(and(eq(dvDatasets.teamId, teamId), sql`${dvDatasetViews.day} >= ${fromDay}`))
    .groupBy(dvDatasetViews.datasetId, dvDatasetViews.day);
}

/** Every view of each of the team's datasets. */
export function findTotalViews(
  executor: Executor,
  teamId: string,
): Promise<{ datasetId: string; views: number }[]> {
  return executor
    .select({
      datasetId: dvDatasetViews.datasetId,
      views: sql<number>`sum(${dvDatasetViews.views})::int`,
    })
    .from(dvDatasetViews)
    .innerJoin(dvDatasets, eq(dvDatasets.id, dvDatasetViews.datasetId))
    .where(eq(dvDatasets.teamId, teamId))
    .groupBy(dvDatasetViews.datasetId);
}

/** The team's name: a dataset's provider. */
export async function findTeamName(executor: Executor, teamId: string): Promise<string> {
  const [row] = await executor.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name ?? '';
}
