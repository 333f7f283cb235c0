import { z } from 'zod';

/** The catalogue id of the synthetic data neuron (spec 001: Nucleus, called Sinteza in its calls). */
export const NUCLEUS_NEURON = 'Nucleus';

/** The largest file a run takes, in bytes. */
export const SINTEZA_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** File types a run reads: the engine reads CSV, Excel and Parquet. */
export const SINTEZA_FILE_EXTENSIONS = ['.csv', '.xlsx', '.xls', '.parquet'] as const;
/** How long a signed upload or download address stays valid. */
export const SINTEZA_SIGNED_URL_SECONDS = 15 * 60;
export const SINTEZA_RUNS_PAGE_SIZE = 20;

/**
 * DRAFT: a file is being uploaded (or was, and is confirmed: `profiled`). QUEUED and RUNNING:
 * a synthesis or generation job waits or works. DONE, FAILED and CANCELLED are final.
 */
export const RUN_STATUSES = ['DRAFT', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const;
export type TRunStatus = (typeof RUN_STATUSES)[number];
/**
 * A run that fits a model on an upload, one that draws more rows from another run's model, or
 * one that synthesizes several uploaded tables together, keeping their keys.
 */
/** EDGE: a run an edge command line reported (counted in the month's runs and rows, never listed). */
export const RUN_KINDS = ['SYNTHESIZE', 'GENERATE', 'RELATIONAL', 'EDGE'] as const;
export const SINTEZA_ALGORITHMS = [
  'gaussian-copula',
  'bayesian-network',
  'independent-marginals',
] as const;
export const SINTEZA_DATA_FORMATS = ['csv', 'jsonl', 'parquet', 'xlsx'] as const;
export const SINTEZA_COLUMN_KINDS = [
  'numerical',
  'categorical',
  'boolean',
  'datetime',
  'id',
  'text',
] as const;
/** keep: modelled as profiled (or with its type override); drop: left out; replace: new values. */
export const SINTEZA_COLUMN_ACTIONS = ['keep', 'drop', 'replace'] as const;

/** Most rows one request asks for; the plan's limit is lower. */
const MAX_ROWS = 100_000_000;

export const ZRunIdParams = z.object({ id: z.uuid() });
export const ZDataProfilingRequest = z.object({ runId: z.uuid() });

export const ZUploadUrlQuery = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(255)
    .refine(
      (name) => SINTEZA_FILE_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension)),
      'validation.fileType',
    ),
});
export const ZUploadUrlResponse = z.object({
  runId: z.uuid(),
  /** Where to PUT the file's bytes; it expires. */
  signedUrl: z.string(),
  method: z.literal('PUT'),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type TUploadUrlResponse = z.infer<typeof ZUploadUrlResponse>;

/** The most bins and categories a column's distribution keeps in the stored profile. */
export const PROFILE_HISTOGRAM_BINS = 20;
export const PROFILE_TOP_CATEGORIES = 10;

/**
 * A column's distribution, compact enough to store with the profile: numbers and dates as a
 * histogram (`start`/`end` are values, or epoch milliseconds for dates), anything else as its
 * most frequent values and how many rows hold another one.
 */
export const ZColumnDistribution = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('histogram'),
    scale: z.enum(['number', 'datetime']),
    bins: z
      .array(z.object({ start: z.number(), end: z.number(), count: z.number().int() }))
      .max(PROFILE_HISTOGRAM_BINS),
  }),
  z.object({
    kind: z.literal('categories'),
    values: z
      .array(z.object({ value: z.string(), count: z.number().int() }))
      .max(PROFILE_TOP_CATEGORIES),
    /** Filled rows whose value is not among `values`. */
    otherCount: z.number().int(),
  }),
]);
export type TColumnDistribution = z.infer<typeof ZColumnDistribution>;

export const ZColumnProfile = z.object({
  name: z.string(),
  type: z.string(),
  missing: z.number().int(),
  distinct: z.number().int(),
  /** The kind of personal data the values look like (one of `PERSONAL_DATA_KINDS`), or null. */
  personalData: z.string().nullable(),
  isKey: z.boolean(),
  /**
   * Null for an empty column, for personal data (its values are not repeated here) and for
   * a column whose every value is different (a key, free text): no shape to draw.
   */
  distribution: ZColumnDistribution.nullable(),
});
export type TColumnProfile = z.infer<typeof ZColumnProfile>;
export const ZDataProfile = z.object({
  runId: z.uuid(),
  fileName: z.string(),
  format: z.string(),
  rowCount: z.number().int(),
  columnCount: z.number().int(),
  columns: z.array(ZColumnProfile),
  warnings: z.array(z.string()),
});
export type TDataProfile = z.infer<typeof ZDataProfile>;

export const ZAlgorithmParameter = z.object({
  name: z.string(),
  type: z.enum(['integer', 'number', 'string']),
  default: z.union([z.number(), z.string()]).nullable(),
  description: z.string(),
  values: z.array(z.string()).optional(),
});
export const ZAlgorithm = z.object({
  name: z.string(),
  description: z.string(),
  /** Whether the algorithm takes a differential-privacy budget (`epsilon`). */
  hasPrivacyBudget: z.boolean(),
  parameters: z.array(ZAlgorithmParameter),
});
export const ZAlgorithmsResponse = z.array(ZAlgorithm);
export type TAlgorithm = z.infer<typeof ZAlgorithm>;

export const ZColumnChoice = z.object({
  name: z.string().min(1).max(255),
  action: z.enum(SINTEZA_COLUMN_ACTIONS).default('keep'),
  type: z.enum(SINTEZA_COLUMN_KINDS).optional(),
});
export type TColumnChoice = z.infer<typeof ZColumnChoice>;

export const ZSynthesizeRequest = z.object({
  runId: z.uuid(),
  algorithm: z.enum(SINTEZA_ALGORITHMS),
  /** The algorithm's own parameters (see GET algorithms), checked by the engine. */
  parameters: z.record(z.string().max(50), z.union([z.number(), z.string(), z.null()])).default({}),
  /** Rows to generate; the uploaded row count when left out. */
  numRows: z.number().int().min(1).max(MAX_ROWS).optional(),
  seed: z.number().int().min(0).max(0xffffffff).optional(),
  columns: z.array(ZColumnChoice).max(10_000).default([]),
  /**
   * The column that identifies a row: drawn as new unique keys, not modelled as data. The
   * profile's key column when left out; null for none.
   */
  primaryKey: z.string().min(1).max(255).nullable().optional(),
  /**
   * The yes/no column the report's machine-learning efficacy predicts: a kept column with two
   * values, not the key. Picked when left out (the last kept category column with two values);
   * null for none.
   */
  target: z.string().min(1).max(255).nullable().optional(),
});
export type TSynthesizeRequest = z.input<typeof ZSynthesizeRequest>;

/**
 * Real rows a one-table run keeps back from fitting, for its report to test on (machine-learning
 * efficacy, distance to closest record): `share` of a table of at least `minRows` rows, at most
 * `maxRows`. Fewer rows would leave too few to fit on and to test on.
 */
export const SINTEZA_HOLDOUT = { share: 0.2, minRows: 200, maxRows: 5_000 } as const;
/** Why a report has no held-out rows: related tables, a small table, a model fitted on them all. */
export const SINTEZA_HOLDOUT_GAPS = ['relational', 'fewRows', 'fittedOnAllRows'] as const;
/** Why a report with held-out rows has no target: none asked for, none found, not yes/no. */
export const SINTEZA_TARGET_GAPS = ['notChosen', 'noBinaryColumn', 'notBinary'] as const;

/** What a run's report was measured on, beside the engine's report (`evaluation`). */
export const ZReportEvaluation = z.object({
  /** The real rows the model was fitted on, which the report compares with. */
  trainingRows: z.number().int(),
  /** Real rows kept back from fitting; 0 for none (`holdoutGap` says why). */
  holdoutRows: z.number().int(),
  holdoutGap: z.enum(SINTEZA_HOLDOUT_GAPS).nullable(),
  target: z.string().nullable(),
  /** The target is the one the synthesize request named (not picked). */
  isTargetChosen: z.boolean(),
  targetGap: z.enum(SINTEZA_TARGET_GAPS).nullable(),
});
export type TReportEvaluation = z.infer<typeof ZReportEvaluation>;

/** A table of a relational run: its name in the run (a file and folder name, so plain). */
export const ZTableName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,62}$/, 'validation.invalid');

export const ZRelationalTable = z.object({
  /** A confirmed draft run of the team: its upload is the table. */
  runId: z.uuid(),
  name: ZTableName,
  /**
   * The column that identifies a row, needed by a parent: the profile's key column when left
   * out; null for none (a child table with only foreign keys).
   */
  primaryKey: z.string().min(1).max(255).nullable().optional(),
  columns: z.array(ZColumnChoice).max(10_000).default([]),
});
export type TRelationalTable = z.input<typeof ZRelationalTable>;

/** Rows of `child` refer to a row of `parent` by the child's `foreignKey` (the parent's primary key). */
export const ZRelationship = z.object({
  parent: ZTableName,
  child: ZTableName,
  foreignKey: z.string().min(1).max(255),
});
export type TRelationship = z.infer<typeof ZRelationship>;

export const ZSynthesizeRelationalRequest = z.object({
  tables: z.array(ZRelationalTable).min(2).max(100),
  relationships: z.array(ZRelationship).min(1).max(500),
  /** How root tables (those without a parent) are drawn; child tables are Bayesian networks. */
  algorithm: z.enum(SINTEZA_ALGORITHMS),
  parameters: ZSynthesizeRequest.shape.parameters,
  /** Root tables get `scale` × their real rows; children follow their synthetic parents. */
  scale: z.number().positive().max(100).default(1),
  seed: ZSynthesizeRequest.shape.seed,
});
export type TSynthesizeRelationalRequest = z.input<typeof ZSynthesizeRelationalRequest>;

/**
 * More rows from a finished run's model: `numRows` (of a relational run, the rows of its first
 * root table, the others in proportion), or `scale` × the rows of the upload (a relational run's
 * root tables); one of the two.
 */
export const ZGenerateQuery = z
  .object({
    runId: z.uuid(),
    numRows: z.coerce.number().int().min(1).max(MAX_ROWS).optional(),
    scale: z.coerce.number().positive().max(100).optional(),
  })
  .refine((query) => (query.numRows === undefined) !== (query.scale === undefined), {
    message: 'validation.invalid',
    path: ['numRows'],
  });

export const ZRun = z.object({
  id: z.uuid(),
  kind: z.enum(RUN_KINDS),
  status: z.enum(RUN_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  fileName: z.string(),
  /** A confirmed upload has its profile. */
  isProfiled: z.boolean(),
  algorithm: z.string().nullable(),
  parameters: z.record(z.string(), z.unknown()).nullable(),
  numRows: z.number().int().nullable(),
  sourceRows: z.number().int().nullable(),
  sourceColumns: z.number().int().nullable(),
  /** The run whose model a GENERATE run draws from. */
  sourceRunId: z.uuid().nullable(),
  /**
   * A RELATIONAL run's tables, parents first: their data and reports are asked for by name.
   * `isRoot`: the table has no parent (generate's `numRows` sizes the first of these).
   */
  tables: z.array(z.object({ name: ZTableName, runId: z.uuid(), isRoot: z.boolean() })).optional(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TRun = z.infer<typeof ZRun>;

/** The kinds of run the runs list shows (an EDGE run is counted, never listed). */
export const LISTED_RUN_KINDS = ['SYNTHESIZE', 'RELATIONAL', 'GENERATE'] as const;

/** `createdFrom` (inclusive) and `createdTo` (exclusive): instants, so a day is the user's own. */
export const ZRunsQuery = z
  .object({
    status: z.enum(RUN_STATUSES).optional(),
    algorithm: z.enum(SINTEZA_ALGORITHMS).optional(),
    kind: z.enum(LISTED_RUN_KINDS).optional(),
    createdFrom: z.iso.datetime({ offset: true }).optional(),
    createdTo: z.iso.datetime({ offset: true }).optional(),
    /** 0-based. */
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(SINTEZA_RUNS_PAGE_SIZE),
  })
  .refine(
    (query) =>
      query.createdFrom === undefined ||
      query.createdTo === undefined ||
      Date.parse(query.createdFrom) < Date.parse(query.createdTo),
    { message: 'validation.invalid', path: ['createdTo'] },
  );
export type TRunsQuery = z.infer<typeof ZRunsQuery>;
export const ZRunsResponse = z.object({
  items: z.array(ZRun),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TRunsResponse = z.infer<typeof ZRunsResponse>;

export const ZGenerationStatus = z.object({
  runId: z.uuid(),
  generationStatus: z.enum(RUN_STATUSES),
  progress: z.number().int(),
  errorMessage: z.string().nullable(),
});
export type TGenerationStatus = z.infer<typeof ZGenerationStatus>;

/** What a run's log entry says, as a code the web app words in the user's language. */
export const RUN_LOG_CODES = [
  'uploaded',
  'queued',
  'started',
  'restarted',
  'fitting',
  'fitted',
  'readModel',
  'generated',
  'fittingTables',
  'fittedTables',
  'readRelationalModel',
  'generatedTables',
  'reporting',
  'reportingSample',
  'reportingTable',
  'noReport',
  'done',
  'doneScore',
  'doneScores',
  'cancelled',
  'stopped',
  'requeued',
  'stalled',
  'sourceDeleted',
  'uploadGone',
  'tableUploadGone',
  'modelGone',
  'engineFailed',
  'internalError',
] as const;
export type TRunLogCode = (typeof RUN_LOG_CODES)[number];

/**
 * Why the engine refused a run's data or model (the synthesis engine's codes): an `engineFailed`
 * log entry carries it as `failure`, with its values beside it and the English `reason`.
 */
export const SINTEZA_ENGINE_FAILURES = [
  'noHeader',
  'emptyFile',
  'noDataRows',
  'rowWidth',
  'csvQuotes',
  'csvUnreadable',
  'notParquet',
  'notSpreadsheet',
  'noSheet',
  'noSheetHeader',
  'fileNoColumn',
  'everyColumnDropped',
  'columnNotProfiled',
  'notDates',
  'notANumber',
  'notADate',
  'keyNotKept',
  'schemaNoColumn',
  'columnNotCompared',
  'noColumn',
  'tableNoColumn',
  'noTargetColumn',
  'targetClasses',
  'unknownLinkTable',
  'parentWithoutKey',
  'keyNotUnique',
  'orphanRows',
  'duplicateTableName',
  'linkCycle',
  'tableNotInRun',
  'parameterChoice',
  'parameterNumber',
  'parameterInteger',
  'parametersObject',
  'unknownParameter',
  'epsilonPositive',
  'networkColumn',
  'givenColumnNotDrawn',
  'modelNotJson',
  'notAModel',
  'modelVersion',
  'modelChecksum',
  'modelMalformed',
  'modelCorrelation',
  'modelNodeColumn',
  'modelTableShape',
  'modelGivenColumn',
  'modelDuplicateTable',
  'modelChildWithoutParent',
  'relationalModelForOneTable',
  'oneTableModelForTables',
  'parquetNoRows',
  'xlsxTooManyRows',
  'cannotRead',
  'namedFileEmpty',
  'namedFileNoRows',
  'inFile',
  'otherColumns',
  'badArguments',
  'oneInputFile',
  'unknownFormat',
  'inputEmpty',
] as const;
export type TEngineFailure = (typeof SINTEZA_ENGINE_FAILURES)[number];

/** A number that belongs to one table of a relational run, in a log entry's values. */
export const ZTableValue = z.object({ table: z.string(), value: z.number() });
export type TTableValue = z.infer<typeof ZTableValue>;

export const ZRunLog = z.object({
  at: z.string(),
  level: z.enum(['info', 'error']),
  /** In English: how the entry reads to an API caller, and all an entry written before codes has. */
  message: z.string(),
  code: z.enum(RUN_LOG_CODES).optional(),
  /**
   * The values the code's wording takes (file names, row counts, scores); a value per table of
   * a relational run (its rows, its score) as a list.
   */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(ZTableValue)])).optional(),
});
export const ZRunLogsResponse = z.array(ZRunLog);
export type TRunLog = z.infer<typeof ZRunLog>;

/** The engine's quality report (column shapes, pair trends, diagnostic, privacy), as JSON. */
export const ZRunReport = z.record(z.string(), z.unknown());

/** `table`: which table of a relational run (required there, refused elsewhere). */
export const ZReportQuery = z.object({ table: ZTableName.optional() });
export const ZDataQuery = z.object({
  format: z.enum(SINTEZA_DATA_FORMATS).default('csv'),
  table: ZTableName.optional(),
});
export const ZDataResponse = z.object({
  signedUrl: z.string(),
  format: z.enum(SINTEZA_DATA_FORMATS),
  expiresAt: z.string(),
});
export type TDataResponse = z.infer<typeof ZDataResponse>;
export const ZChangeFormatRequest = z.object({
  format: z.enum(SINTEZA_DATA_FORMATS),
  table: ZTableName.optional(),
});

/** A plan limit; null is unlimited. */
const limit = z.number().int().nullable();
export const ZLimitsResponse = z.object({
  planCode: z.string(),
  planName: z.string(),
  rowLimit: limit,
  columnLimit: limit,
  /** Runs (syntheses and generations) per calendar month. */
  runLimit: limit,
  /** Rows the runs of a calendar month may draw in all, edge runs included. */
  monthlyRowLimit: limit,
  concurrentJob: limit,
  datasetPerRun: limit,
  fileMaxBytes: z.number().int(),
});
export type TLimitsResponse = z.infer<typeof ZLimitsResponse>;

/**
 * The plan limits a run can hit. A `422 PLAN_EXCEEDED` names the one it hit in its `fields`
 * as `{ limit: <one of these> }` (the field of `ZLimitsResponse` that holds its value), so the
 * web app can say which in the user's language.
 */
export const SINTEZA_PLAN_LIMITS = [
  'columnLimit',
  'rowLimit',
  'datasetPerRun',
  'concurrentJob',
  'runLimit',
  'monthlyRowLimit',
] as const;
export type TPlanLimit = (typeof SINTEZA_PLAN_LIMITS)[number];

const usageCounts = {
  runs: z
    .number()
    .int()
    .describe('Runs started then, edge runs included; failed and cancelled ones not'),
  rows: z.number().int().describe('Rows those runs asked for'),
};

/** How many months the monthly series of the usage statistics covers, this one included. */
export const SINTEZA_USAGE_MONTHS = 12;

export const ZUsageStatistics = z.object({
  /** The first instant of the current calendar month (UTC). */
  from: z.string(),
  runs: z.number().int(),
  runLimit: limit,
  rows: z.number().int(),
  monthlyRowLimit: limit,
  activeJobs: z.number().int(),
  concurrentJob: limit,
  days: z
    .array(z.object({ day: z.string().describe('yyyy-MM-dd (UTC)'), ...usageCounts }))
    .describe('Every day of this month up to today, oldest first, days without runs as 0'),
  months: z
    .array(z.object({ month: z.string().describe('yyyy-MM (UTC)'), ...usageCounts }))
    .describe(
      `The last ${String(SINTEZA_USAGE_MONTHS)} calendar months up to this one, oldest first, months without runs as 0`,
    ),
});
export type TUsageStatistics = z.infer<typeof ZUsageStatistics>;
