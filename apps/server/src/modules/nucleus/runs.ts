import { randomInt } from 'node:crypto';
import path from 'node:path';
import {
  type SINTEZA_DATA_FORMATS,
  type TAlgorithm,
  type TDataProfile,
  type TDataResponse,
  type TGenerationStatus,
  type TRun,
  type TRunLog,
  type TRunsQuery,
  type TRunsResponse,
  type ZSynthesizeRelationalRequest,
  type ZSynthesizeRequest,
} from '@app/contracts/nucleus';
import { ALGORITHMS, ParameterError, parseParameters } from '@app/synth';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import type { SubscriptionAccess } from '../billing/subscriptions.js';
import { removeRunFiles, runFileKey, signedAddress } from './files.js';
import { copyToScratch, storeFromScratch, withScratch } from './scratch.js';
import { requireJobWithinPlan, requireRunWithinPlan } from './limits.js';
import { runLog } from './run-log.js';
import {
  ACTIVE_STATUSES,
  appendRunLog,
  deleteRun,
  findRun,
  findRuns,
  insertRun,
  lockTeamRuns,
  updateRun,
  type RunRow,
} from './repository.js';
import { checkRelationalRequest, planRelationalGeneration } from './relational-runs.js';
import { SYNTHESIS_JOB, type SynthesisJobPayload } from './run-job.js';
import {
  readTableNames,
  removeTableFiles,
  tableFileKey,
  type StoredRelational,
} from './table-files.js';
import { readProfile, requireRun } from './uploads.js';

type Owner = { teamId: string };
type DataFormat = (typeof SINTEZA_DATA_FORMATS)[number];
/** The request as its route parsed it, defaults filled in. */
type SynthesizeRequest = z.output<typeof ZSynthesizeRequest>;

function toRunTables(relational: StoredRelational): NonNullable<TRun['tables']> {
  const children = new Set(relational.relationships.map((link) => link.child));
  return relational.tables.map((table) => ({
    name: table.name,
    runId: table.runId,
    isRoot: !children.has(table.name),
  }));
}

export function toRun(row: RunRow): TRun {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    fileName: row.fileName,
    isProfiled: row.profile !== null,
    algorithm: row.algorithm,
    parameters: row.parameters,
    numRows: row.numRows,
    sourceRows: row.sourceRows,
    sourceColumns: row.sourceColumns,
    sourceRunId: row.sourceRunId,
    ...(row.relational ? { tables: toRunTables(row.relational as StoredRelational) } : {}),
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** GET algorithms: the engine's algorithms, their parameters and whether they take a DP budget. */
export function listAlgorithms(): TAlgorithm[] {
  return ALGORITHMS.map((algorithm) => ({
    ...algorithm,
    hasPrivacyBudget: algorithm.parameters.some((parameter) => parameter.name === 'epsilon'),
  }));
}

/** The engine's check of an algorithm's parameters, as a 400 on `parameters`. */
function checkParameters(request: Pick<SynthesizeRequest, 'algorithm' | 'parameters'>) {
  try {
    return parseParameters({ algorithm: request.algorithm, parameters: request.parameters });
  } catch (error) {
    if (error instanceof ParameterError) {
      throw validationError({ parameters: 'validation.invalid' }, error.message);
    }
    throw error;
  }
}

/**
 * Queues the run's job inside a transaction that holds the team's run lock: the plan's
 * concurrent jobs and runs and rows per month are counted and the run turns QUEUED together,
 * and the job exists only if all of it commits.
 */
async function queueRun(
  deps: Deps,
  options: {
    access: SubscriptionAccess;
    rows: number;
    write: (tx: Executor) => Promise<RunRow | undefined>;
  },
): Promise<RunRow> {
  const { teamId } = options.access;
  return deps.db.transaction(async (tx) => {
    await lockTeamRuns(tx, teamId);
    await requireJobWithinPlan(deps, tx, options);
    const run = await options.write(tx);
    if (!run) throw new AppError('CONFLICT', { message: 'The run is no longer a draft.' });
    const payload: SynthesisJobPayload = { teamId, runId: run.id, attempt: 1 };
    await deps.jobs.enqueue(SYNTHESIS_JOB, payload, { tx, maxAttempts: 1 });
    await appendRunLog(
      tx,
      teamId,
      run.id,
      runLog(deps, {
        code: 'queued',
        params: { algorithm: run.algorithm ?? '', rows: run.numRows ?? 0 },
      }),
    );
    return run;
  });
}

/**
 * The report's target, when one is named: a kept column other than the key whose upload holds
 * exactly two values (the engine's classifier is yes/no); replaced values predict nothing.
 */
function checkTarget(options: {
  profile: Pick<TDataProfile, 'columns'>;
  request: SynthesizeRequest;
  dropped: Set<string>;
  primaryKey: string | null;
}) {
  const { profile, request, primaryKey } = options;
  const { target } = request;
  if (target == null) return;
  const column = profile.columns.find((entry) => entry.name === target);
  const isReplaced = request.columns.some(
    (choice) => choice.name === target && choice.action === 'replace',
  );
  if (!column || options.dropped.has(target) || isReplaced || target === primaryKey) {
    throw validationError(
      { target: 'validation.invalid' },
      `The target "${target}" is not a kept column other than the primary key.`,
    );
  }
  if (column.distinct !== 2) {
    throw validationError(
      { target: 'nucleus.synthesize.targetNotBinary' },
      `The target "${target}" has ${String(column.distinct)} distinct values; it needs exactly 2.`,
    );
  }
}

/** POST synthesize: a confirmed draft run is QUEUED for a job that fits and generates. */
export async function synthesize(
  deps: Deps,
  options: { access: SubscriptionAccess; request: SynthesizeRequest },
): Promise<TRun> {
  const { access, request } = options;
  const draft = await requireRun(deps, { teamId: access.teamId, runId: request.runId });
  if (draft.status !== 'DRAFT' || draft.kind !== 'SYNTHESIZE') {
    throw new AppError('CONFLICT', { message: `The run is ${draft.status}, no longer a draft.` });
  }
  const profile = readProfile(draft);
  const names = new Set(profile.columns.map((column) => column.name));
  const unknown = request.columns.find((choice) => !names.has(choice.name));
  if (unknown) {
    throw validationError(
      { columns: 'validation.invalid' },
      `The file has no column "${unknown.name}".`,
    );
  }
  const dropped = new Set(
    request.columns.filter((choice) => choice.action === 'drop').map((choice) => choice.name),
  );
  if (dropped.size >= names.size) {
    throw validationError({ columns: 'validation.invalid' }, 'Keep at least one column.');
  }
  const primaryKey =
    request.primaryKey === undefined
      ? (profile.columns.find((column) => column.isKey && !dropped.has(column.name))?.name ?? null)
      : request.primaryKey;
  if (primaryKey !== null && (!names.has(primaryKey) || dropped.has(primaryKey))) {
    throw validationError(
      { primaryKey: 'validation.invalid' },
      `The primary key "${primaryKey}" is not a kept column.`,
    );
  }
  checkTarget({ profile, request, dropped, primaryKey });
  const parameters = checkParameters(request);
  const numRows = request.numRows ?? profile.rowCount;
  requireRunWithinPlan(access.plan, {
    sourceRows: profile.rowCount,
    columns: names.size - dropped.size,
    numRows,
  });
  const run = await queueRun(deps, {
    access,
    rows: numRows,
    write: (tx) =>
      updateRun(
        tx,
        access.teamId,
        draft.id,
        {
          status: 'QUEUED',
          algorithm: request.algorithm,
          parameters,
          columnChoices: request.columns,
          primaryKey,
          evaluation: request.target === undefined ? {} : { target: request.target },
          numRows,
          seed: request.seed ?? randomInt(0, 2 ** 32 - 1),
          queuedAt: deps.clock.now(),
          progress: 0,
        },
        ['DRAFT'],
      ),
  });
  return toRun(run);
}

/**
 * POST synthesize/relational: the uploads of several confirmed drafts synthesized together as
 * related tables (one job, counted as one run), keys and foreign keys as the request names them.
 * The drafts stay drafts: the same uploads can make up another run.
 */
export async function synthesizeRelational(
  deps: Deps,
  options: {
    access: SubscriptionAccess;
    request: z.output<typeof ZSynthesizeRelationalRequest>;
  },
): Promise<TRun> {
  const { access, request } = options;
  const parameters = checkParameters(request);
  const { sourceRows, sourceColumns, numRows, ...relational } = await checkRelationalRequest(
    deps,
    options,
  );
  const run = await queueRun(deps, {
    access,
    rows: numRows,
    write: (tx) =>
      insertRun(tx, access.teamId, {
        kind: 'RELATIONAL',
        status: 'QUEUED',
        fileName: relational.tables.map((table) => table.fileName).join(' + '),
        format: 'relational',
        sourceRows,
        sourceColumns,
        algorithm: request.algorithm,
        parameters,
        relational,
        numRows,
        seed: request.seed ?? randomInt(0, 2 ** 32 - 1),
        createdAt: deps.clock.now(),
        queuedAt: deps.clock.now(),
      }),
  });
  return toRun(run);
}

/** The finished run a generate call draws from: the given run, or the one it was generated from. */
async function requireGenerationSource(
  deps: Deps,
  options: Owner & { runId: string },
): Promise<RunRow> {
  const given = await requireRun(deps, options);
  const source =
    given.kind === 'GENERATE' && given.sourceRunId
      ? await findRun(deps.db, options.teamId, given.sourceRunId)
      : given;
  if (!source) {
    throw new AppError('CONFLICT', { message: 'The run it was generated from was deleted.' });
  }
  if (given.status !== 'DONE' || source.status !== 'DONE') {
    throw new AppError('CONFLICT', {
      message: 'Only a finished run has a model to generate from.',
    });
  }
  return source;
}

/** What a GENERATE run of one table draws: `numRows`, or `scale` × the upload's rows. */
function planOneTable(
  access: SubscriptionAccess,
  options: { source: RunRow; numRows?: number | undefined; scale?: number | undefined },
) {
  const { source } = options;
  const sourceRows = source.sourceRows ?? 0;
  const numRows = options.numRows ?? Math.max(1, Math.round(sourceRows * (options.scale ?? 1)));
  const dropped = ((source.columnChoices ?? []) as { action: string }[]).filter(
    (choice) => choice.action === 'drop',
  ).length;
  requireRunWithinPlan(access.plan, {
    sourceRows,
    columns: (source.sourceColumns ?? 0) - dropped,
    numRows,
  });
  return { numRows, relational: null };
}

/**
 * POST generate?runId&(numRows|scale): more rows from a finished run's model, as a GENERATE run
 * of its own (a job, counted like any run), with a new seed. A relational run's GENERATE run
 * draws all its tables again, keys consistent, its root tables at `scale` (or `numRows` rows
 * for the first root table).
 */
export async function generate(
  deps: Deps,
  options: {
    access: SubscriptionAccess;
    runId: string;
    numRows?: number | undefined;
    scale?: number | undefined;
  },
): Promise<TRun> {
  const { access } = options;
  const source = await requireGenerationSource(deps, {
    teamId: access.teamId,
    runId: options.runId,
  });
  const planned = source.relational
    ? planRelationalGeneration(access, {
        ...options,
        relational: source.relational as StoredRelational,
      })
    : planOneTable(access, { ...options, source });
  const run = await queueRun(deps, {
    access,
    rows: planned.numRows,
    write: (tx) =>
      insertRun(tx, access.teamId, {
        kind: 'GENERATE',
        status: 'QUEUED',
        fileName: source.fileName,
        format: source.format,
        sourceRows: source.sourceRows,
        sourceColumns: source.sourceColumns,
        sourceRunId: source.id,
        algorithm: source.algorithm,
        parameters: source.parameters,
        columnChoices: source.columnChoices,
        primaryKey: source.primaryKey,
        relational: planned.relational,
        numRows: planned.numRows,
        seed: randomInt(0, 2 ** 32 - 1),
        createdAt: deps.clock.now(),
        queuedAt: deps.clock.now(),
      }),
  });
  return toRun(run);
}

/** PUT run/{id}/cancel: a queued run never starts; a running one is stopped by its job. */
export async function cancelRun(deps: Deps, options: Owner & { runId: string }): Promise<TRun> {
  const run = await requireRun(deps, options);
  const cancelled = await updateRun(
    deps.db,
    run.teamId,
    run.id,
    { status: 'CANCELLED', finishedAt: deps.clock.now() },
    ACTIVE_STATUSES,
  );
  if (!cancelled) {
    throw new AppError('CONFLICT', {
      message: `The run is ${run.status}: only a queued or running run can be cancelled.`,
    });
  }
  await appendRunLog(deps.db, run.teamId, run.id, runLog(deps, { code: 'cancelled' }));
  return toRun(cancelled);
}

export async function listRuns(deps: Deps, options: Owner & TRunsQuery): Promise<TRunsResponse> {
  const { rows, total } = await findRuns(deps.db, options.teamId, options);
  return { items: rows.map(toRun), total, page: options.page, pageSize: options.pageSize };
}

export async function getRun(deps: Deps, options: Owner & { runId: string }): Promise<TRun> {
  return toRun(await requireRun(deps, options));
}

export async function getGenerationStatus(
  deps: Deps,
  options: Owner & { runId: string },
): Promise<TGenerationStatus> {
  const run = await requireRun(deps, options);
  return {
    runId: run.id,
    generationStatus: run.status,
    progress: run.progress,
    errorMessage: run.errorMessage,
  };
}

export async function getRunLogs(
  deps: Deps,
  options: Owner & { runId: string },
): Promise<TRunLog[]> {
  return (await requireRun(deps, options)).logs;
}

async function requireDone(deps: Deps, options: Owner & { runId: string }): Promise<RunRow> {
  const run = await requireRun(deps, options);
  if (run.status !== 'DONE') {
    throw new AppError('CONFLICT', { message: `The run is ${run.status}, not done yet.` });
  }
  return run;
}

/**
 * The table a call about a run's output names: required for a RELATIONAL run (one of its
 * tables), refused for any other run.
 */
function requireTable(run: RunRow, table: string | undefined): string | null {
  if (!run.relational) {
    if (table === undefined) return null;
    throw validationError(
      { table: 'validation.invalid' },
      'The run has one table: leave out table.',
    );
  }
  const names = readTableNames(run);
  if (table === undefined || !names.includes(table)) {
    throw validationError(
      { table: table === undefined ? 'validation.required' : 'validation.invalid' },
      `Name one of the run's tables: ${names.join(', ')}.`,
    );
  }
  return table;
}

/** GET run/{id}/report?table: the quality report of the run (of one table of a relational run). */
export async function getRunReport(
  deps: Deps,
  options: Owner & { runId: string; table?: string | undefined },
): Promise<Record<string, unknown>> {
  const run = await requireDone(deps, options);
  const table = requireTable(run, options.table);
  const file = await deps.storage.get(
    table === null ? runFileKey(run, 'report.json') : tableFileKey(run, table, 'report.json'),
  );
  if (!file) throw new AppError('NOT_FOUND', { message: 'The run has no report.' });
  return JSON.parse(file.body.toString('utf8')) as Record<string, unknown>;
}

/**
 * GET run/{id}/data?format (and PUT run/{id}/change/format): a signed address of the run's
 * rows in that format. Rows are stored as CSV; another format is converted by the engine the
 * first time it is asked for, and kept.
 */
export async function getRunData(
  deps: Deps,
  options: Owner & { runId: string; format: DataFormat; table?: string | undefined },
): Promise<TDataResponse> {
  const run = await requireDone(deps, options);
  const table = requireTable(run, options.table);
  const fileKey = (format: DataFormat) =>
    table === null ? runFileKey(run, `data.${format}`) : tableFileKey(run, table, `data.${format}`);
  const key = fileKey(options.format);
  if (!(await deps.storage.has(key))) {
    await convertRunData(deps, { from: fileKey('csv'), to: key, format: options.format });
  }
  const address = await signedAddress(deps, (expiresInSeconds) =>
    deps.storage.signedUrl(key, { expiresInSeconds }),
  );
  return { format: options.format, ...address };
}

/**
 * XLSX is built whole in memory (the format is one zip archive), so a run's rows are converted
 * to it only up to this size as CSV.
 */
export const XLSX_MAX_CSV_BYTES = 50 * 1024 * 1024;

/**
 * A run's CSV converted by the engine's thread and kept beside it: streamed from storage to a
 * scratch file, converted file to file, the result streamed back to storage.
 */
async function convertRunData(
  deps: Deps,
  options: { from: string; to: string; format: DataFormat },
): Promise<void> {
  const size = await deps.storage.size(options.from);
  if (size === undefined) throw new AppError('NOT_FOUND', { message: 'The run’s data is gone.' });
  if (options.format === 'xlsx' && size > XLSX_MAX_CSV_BYTES) {
    throw new AppError('BUSINESS_RULE', {
      message: `The rows are over ${String(XLSX_MAX_CSV_BYTES / 1024 / 1024)} MB as CSV, too many for XLSX; choose CSV, JSON lines or Parquet.`,
    });
  }
  await withScratch('conversion', async (scratch) => {
    const file = path.join(scratch, 'data.csv');
    const outputFile = path.join(scratch, `data.${options.format}`);
    if (!(await copyToScratch(deps.storage, options.from, file))) {
      throw new AppError('NOT_FOUND', { message: 'The run’s data is gone.' });
    }
    const converted = await cpuPool.run('convertDataset', {
      file,
      format: options.format,
      outputFile,
    });
    if (!converted.ok) throw new AppError('BUSINESS_RULE', { message: converted.message });
    await storeFromScratch(deps.storage, {
      key: options.to,
      file: outputFile,
      contentType: 'application/octet-stream',
    });
  });
}

/** DELETE run/{id}: the run and its files; a job still at work on it stops. */
export async function deleteRunWithFiles(
  deps: Deps,
  options: Owner & { runId: string },
): Promise<void> {
  const run = await requireRun(deps, options);
  await deleteRun(deps.db, run.teamId, run.id);
  await removeRunFiles(deps, run);
  await removeTableFiles(deps, run);
}
