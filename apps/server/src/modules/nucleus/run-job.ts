import path from 'node:path';
import type { TColumnChoice, TRunLogCode, TTableValue } from '@app/contracts/nucleus';
import type { AlgorithmName, InputFormat } from '@app/synth';
import type { reportDataset, UploadFile } from './engine-tasks.js';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import {
  REPORT_SAMPLE_ROWS,
  type EngineFailure,
  type GeneratedRows,
  type GeneratedTable,
  type SynthesisResult,
} from './engine-tasks.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { removeRunOutputs, runFileKey } from './files.js';
import { copyToScratch, storeFromScratch, withScratch } from './scratch.js';
import { runLog, runLogMessage, type RunLogParams } from './run-log.js';
import { removeTableFiles, tableFileKey, type StoredRelational } from './table-files.js';
import {
  appendRunLog,
  claimRun,
  findRun,
  findStalledRuns,
  updateRun,
  type RunRow,
} from './repository.js';

export const SYNTHESIS_JOB = 'nucleus.synthesize';
export type SynthesisJobPayload = { teamId: string; runId: string; attempt: number };

/** How often a working job says it is alive, and looks whether its run was cancelled. */
const HEARTBEAT_MILLISECONDS = 3_000;
/** A RUNNING run without a heartbeat for this long was left by a worker that stopped. */
export const STALL_MILLISECONDS = 2 * 60_000;
/** Attempts of one run; a run whose worker stopped this often fails. */
export const MAX_RUN_ATTEMPTS = 2;

/** A failure to tell the user: its log code and values (the engine's reason on their data). */
class RunFailure extends Error {
  constructor(
    readonly code: TRunLogCode,
    readonly params: RunLogParams = {},
  ) {
    super(runLogMessage(code, params));
  }
}

/**
 * The engine refused the user's data or model: its reason as its code and values (`failure` and
 * the values, which the web app words) beside its English sentence (`reason`).
 */
const engineFailure = (failure: EngineFailure, table?: string) =>
  new RunFailure('engineFailed', {
    ...failure.params,
    reason: failure.message,
    failure: failure.code,
    ...(table === undefined ? {} : { table }),
  });
/** The run stopped being RUNNING: cancelled or deleted. */
class RunStopped extends Error {}

/**
 * A run's job: fit and generate, then the quality report, each in a worker thread of the CPU
 * pool. Progress and a log line are written between steps; a heartbeat every few seconds also
 * notices a cancel (or a delete) and aborts the thread at once, mid-fit. Only the job of the
 * run's current attempt works: a stale job (of an attempt a recovery replaced) finds nothing.
 */
export async function runSynthesisJob(deps: Deps, payload: SynthesisJobPayload): Promise<void> {
  const { teamId, runId, attempt } = payload;
  const run = await claimRun(deps.db, teamId, { runId, attempt, now: deps.clock.now() });
  if (!run) return;
  const controller = new AbortController();
  const beat = async () => {
    const alive = await updateRun(deps.db, teamId, runId, { heartbeatAt: deps.clock.now() }, [
      'RUNNING',
    ]);
    if (!alive) controller.abort();
  };
  const heartbeat = setInterval(() => {
    beat().catch((error: unknown) => {
      deps.log.warn({ err: error, runId }, 'nucleus run heartbeat failed');
    });
  }, HEARTBEAT_MILLISECONDS);
  const step: Step = async (progress, code, params) => {
    const row = await updateRun(
      deps.db,
      teamId,
      runId,
      { progress, heartbeatAt: deps.clock.now() },
      ['RUNNING'],
    );
    if (!row || controller.signal.aborted) throw new RunStopped();
    await appendRunLog(deps.db, teamId, runId, runLog(deps, { code, params }));
  };
  try {
    await step(5, attempt > 1 ? 'restarted' : 'started');
    await withScratch('run', (scratch) =>
      synthesize(deps, { run, step, signal: controller.signal, scratch }),
    );
  } catch (error) {
    await settleFailure(deps, { run, error, isStopped: controller.signal.aborted });
  } finally {
    clearInterval(heartbeat);
  }
}

/** The run an input comes from: a GENERATE run's source, or the run itself. */
async function findBase(deps: Deps, run: RunRow): Promise<RunRow> {
  const base =
    run.kind === 'GENERATE' && run.sourceRunId
      ? await findRun(deps.db, run.teamId, run.sourceRunId)
      : run;
  if (!base) throw new RunFailure('sourceDeleted');
  return base;
}

/**
 * The uploaded table of a run streamed from storage into the job's scratch folder, for the
 * engine's thread to read; `null` when its file is gone.
 */
async function copyUpload(deps: Deps, base: RunRow, scratch: string): Promise<UploadFile | null> {
  const file = path.join(scratch, `upload-${base.id}`);
  if (!(await copyToScratch(deps.storage, runFileKey(base, 'upload'), file))) return null;
  return { file, format: base.format as InputFormat };
}

/** A log entry's code and values. */
type LogLine = { code: TRunLogCode; params?: RunLogParams };
type Step = (progress: number, code: TRunLogCode, params?: RunLogParams) => Promise<void>;
type ReportInput = Parameters<typeof reportDataset>[0];
type JobOptions = { run: RunRow; step: Step; signal: AbortSignal; scratch: string };

/** A CSV file the engine wrote, streamed to storage. */
async function storeCsv(deps: Deps, key: string, file: string): Promise<void> {
  await storeFromScratch(deps.storage, { key, file, contentType: 'text/csv' });
}

/** Fits the algorithm on the upload and draws the rows; the fitted model is stored with the run. */
async function fitAndGenerate(
  deps: Deps,
  options: JobOptions & { upload: UploadFile | null },
): Promise<SynthesisResult> {
  const { run, upload, step, signal, scratch } = options;
  if (!upload) throw new RunFailure('uploadGone');
  const numRows = run.numRows ?? run.sourceRows ?? 0;
  await step(10, 'fitting', { file: run.fileName, algorithm: run.algorithm ?? '' });
  const synthesis = await cpuPool.run(
    'synthesizeDataset',
    {
      ...upload,
      algorithm: run.algorithm as AlgorithmName,
      parameters: run.parameters ?? {},
      columns: (run.columnChoices ?? []) as TColumnChoice[],
      primaryKey: run.primaryKey,
      numRows,
      seed: run.seed ?? 0,
      outputFile: path.join(scratch, 'data.csv'),
    },
    { signal },
  );
  if (!synthesis.ok) throw engineFailure(synthesis);
  await step(55, 'fitted', { rows: numRows });
  await deps.storage.put(
    runFileKey(run, 'model.json'),
    Buffer.from(synthesis.value.model),
    'application/json',
  );
  return synthesis.value;
}

/** Draws the rows of a GENERATE run from its source's stored model: no fitting, no upload read. */
async function generateFromModel(
  deps: Deps,
  options: JobOptions & { base: RunRow },
): Promise<GeneratedRows> {
  const { run, base, step, signal, scratch } = options;
  const model = await deps.storage.get(runFileKey(base, 'model.json'));
  if (!model) throw new RunFailure('modelGone');
  const numRows = run.numRows ?? 0;
  await step(10, 'readModel', { file: base.fileName });
  const generated = await cpuPool.run(
    'generateDataset',
    {
      model: new Uint8Array(model.body),
      numRows,
      seed: run.seed ?? 0,
      outputFile: path.join(scratch, 'data.csv'),
    },
    { signal },
  );
  if (!generated.ok) throw engineFailure(generated);
  await step(55, 'generated', { rows: numRows });
  return generated.value;
}

/** The uploads of a relational run's tables in the scratch folder; `null` for a table whose file is gone. */
async function copyTableUploads(deps: Deps, run: RunRow, scratch: string) {
  const relational = run.relational as StoredRelational;
  const uploads = [];
  for (const table of relational.tables) {
    const upload = await copyUpload(
      deps,
      { ...run, id: table.runId, format: table.format },
      scratch,
    );
    uploads.push(upload ? { ...table, ...upload } : null);
  }
  return uploads;
}

/** Fits the relational synthesizer on every table's upload and draws the tables; stores the model. */
async function fitRelational(deps: Deps, options: JobOptions) {
  const { run, step, signal, scratch } = options;
  const relational = run.relational as StoredRelational;
  const uploads = await copyTableUploads(deps, run, scratch);
  const tables = uploads.map((upload, index) => {
    if (!upload) {
      throw new RunFailure('tableUploadGone', { table: relational.tables[index]?.name ?? '' });
    }
    const { name, file, format, columns, primaryKey } = upload;
    return { name, file, format, columns, primaryKey };
  });
  const names = relational.tables.map((table) => table.name).join(', ');
  await step(10, 'fittingTables', { tables: names });
  const synthesis = await cpuPool.run(
    'synthesizeRelationalDataset',
    {
      tables,
      relationships: relational.relationships,
      algorithm: run.algorithm as AlgorithmName,
      parameters: run.parameters ?? {},
      seed: run.seed ?? 0,
      scale: relational.scale,
      outputDirectory: scratch,
    },
    { signal },
  );
  if (!synthesis.ok) throw engineFailure(synthesis);
  await step(55, 'fittedTables', { counts: tableCounts(synthesis.value.tables) });
  await deps.storage.put(
    runFileKey(run, 'model.json'),
    Buffer.from(synthesis.value.model),
    'application/json',
  );
  return synthesis.value.tables;
}

/** Draws every table of a GENERATE run from its relational source's stored model: no fitting. */
async function generateRelational(deps: Deps, options: JobOptions & { base: RunRow }) {
  const { run, base, step, signal, scratch } = options;
  const model = await deps.storage.get(runFileKey(base, 'model.json'));
  if (!model) throw new RunFailure('modelGone');
  await step(10, 'readRelationalModel', { file: base.fileName });
  const generated = await cpuPool.run(
    'generateRelationalDataset',
    {
      model: new Uint8Array(model.body),
      scale: (run.relational as StoredRelational).scale,
      seed: run.seed ?? 0,
      outputDirectory: scratch,
    },
    { signal },
  );
  if (!generated.ok) throw engineFailure(generated);
  await step(55, 'generatedTables', { counts: tableCounts(generated.value) });
  const uploads = await copyTableUploads(deps, run, scratch);
  const relational = run.relational as StoredRelational;
  return generated.value.map((table) => {
    const index = relational.tables.findIndex((entry) => entry.name === table.name);
    const upload = uploads[index];
    const real: ReportInput['real'] | null = upload
      ? {
          file: upload.file,
          format: upload.format,
          columns: upload.columns,
          primaryKey: upload.primaryKey,
          holdout: { gap: 'relational' },
        }
      : null;
    return { ...table, real };
  });
}

const tableCounts = (tables: GeneratedTable[]) =>
  tables.map((table) => ({ table: table.name, value: table.rows }));

/**
 * A relational run (RELATIONAL, or a GENERATE run of one): the tables fitted together and drawn,
 * or drawn from the stored model, every foreign key on a synthetic parent; each table's rows
 * stored and its quality report built against its upload (none once that upload is gone).
 */
async function synthesizeRelational(deps: Deps, options: JobOptions): Promise<LogLine> {
  const { run, step, signal } = options;
  const tables: (GeneratedTable & { real: ReportInput['real'] | null })[] =
    run.kind === 'GENERATE'
      ? await generateRelational(deps, { ...options, base: await findBase(deps, run) })
      : await fitRelational(deps, options);
  for (const table of tables) {
    await storeCsv(deps, tableFileKey(run, table.name, 'data.csv'), table.file);
  }
  const scores: TTableValue[] = [];
  for (const [index, table] of tables.entries()) {
    if (!table.real) continue;
    const progress = 70 + Math.floor((25 * index) / tables.length);
    await step(progress, 'reportingTable', { table: table.name });
    const report = await cpuPool.run(
      'reportDataset',
      { real: table.real, synthetic: table.sample, seed: run.seed ?? 0, evaluation: {} },
      { signal },
    );
    if (!report.ok) throw engineFailure(report, table.name);
    await deps.storage.put(
      tableFileKey(run, table.name, 'report.json'),
      Buffer.from(JSON.stringify(report.value)),
      'application/json',
    );
    scores.push({ table: table.name, value: Math.round(report.value.overall * 100) });
  }
  return scores.length > 0 ? { code: 'doneScores', params: { scores } } : { code: 'done' };
}

/** Fits or generates, stores the rows and the report; answers the closing log line. */
async function synthesizeOneTable(deps: Deps, options: JobOptions): Promise<LogLine> {
  const { run, step, signal, scratch } = options;
  const base = await findBase(deps, run);
  const upload = await copyUpload(deps, base, scratch);
  const generated =
    run.kind === 'GENERATE'
      ? { ...(await generateFromModel(deps, { ...options, base })), real: null }
      : await fitAndGenerate(deps, { ...options, upload });
  const { sample, isSampled } = generated;
  await storeCsv(deps, runFileKey(run, 'data.csv'), generated.file);
  let closing: LogLine = { code: 'done' };
  if (upload) {
    if (isSampled) await step(70, 'reportingSample', { rows: REPORT_SAMPLE_ROWS });
    else await step(70, 'reporting');
    const columns = (run.columnChoices ?? []) as TColumnChoice[];
    const holdout = base.evaluation
      ? { seed: base.seed ?? 0 }
      : { gap: 'fittedOnAllRows' as const };
    const report = await cpuPool.run(
      'reportDataset',
      {
        real: generated.real ?? { ...upload, columns, primaryKey: run.primaryKey, holdout },
        synthetic: sample,
        seed: run.seed ?? 0,
        evaluation: base.evaluation ?? {},
      },
      { signal },
    );
    if (!report.ok) throw engineFailure(report);
    await deps.storage.put(
      runFileKey(run, 'report.json'),
      Buffer.from(JSON.stringify(report.value)),
      'application/json',
    );
    closing = { code: 'doneScore', params: { score: Math.round(report.value.overall * 100) } };
  } else {
    await step(90, 'noReport');
  }
  return closing;
}

async function synthesize(deps: Deps, options: JobOptions): Promise<void> {
  const { run } = options;
  const closing = run.relational
    ? await synthesizeRelational(deps, options)
    : await synthesizeOneTable(deps, options);
  const done = await updateRun(
    deps.db,
    run.teamId,
    run.id,
    { status: 'DONE', progress: 100, finishedAt: deps.clock.now(), heartbeatAt: null },
    ['RUNNING'],
  );
  if (!done) throw new RunStopped();
  await appendRunLog(deps.db, run.teamId, run.id, runLog(deps, closing));
}

/** A RUNNING run FAILED with its reason, in its status and its log, and no output kept. */
async function failRun(deps: Deps, run: RunRow, line: LogLine): Promise<void> {
  const message = runLogMessage(line.code, line.params);
  const failed = await updateRun(
    deps.db,
    run.teamId,
    run.id,
    { status: 'FAILED', errorMessage: message, finishedAt: deps.clock.now(), heartbeatAt: null },
    ['RUNNING'],
  );
  if (!failed) return;
  await removeRunOutputs(deps, run);
  await removeTableFiles(deps, run);
  await appendRunLog(deps.db, run.teamId, run.id, runLog(deps, { ...line, level: 'error' }));
}

/** A cancelled run keeps no output; a failed one says why (the engine's words, or none). */
async function settleFailure(
  deps: Deps,
  options: { run: RunRow; error: unknown; isStopped: boolean },
): Promise<void> {
  const { run, error } = options;
  if (options.isStopped || error instanceof RunStopped) {
    await removeRunOutputs(deps, run);
    await removeTableFiles(deps, run);
    await appendRunLog(deps.db, run.teamId, run.id, runLog(deps, { code: 'stopped' }));
    return;
  }
  if (error instanceof RunFailure) {
    await failRun(deps, run, { code: error.code, params: error.params });
  } else if (error instanceof AppError) {
    await failRun(deps, run, { code: 'engineFailed', params: { reason: error.message } });
  } else {
    deps.log.error({ err: error, runId: run.id }, 'nucleus run failed');
    await failRun(deps, run, { code: 'internalError' });
  }
}

/**
 * A worker's recovery (at its start and every minute): a RUNNING run whose heartbeat stopped
 * was left by a worker that died. It is queued again for a new attempt, or failed once it has
 * had `MAX_RUN_ATTEMPTS`; no run stays RUNNING for ever.
 */
export async function recoverInterruptedRuns(deps: Deps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - STALL_MILLISECONDS);
  for (const run of await findStalledRuns(deps.db, before)) {
    if (run.attempts < MAX_RUN_ATTEMPTS) {
      await deps.db.transaction(async (tx) => {
        const queued = await updateRun(
          tx,
          run.teamId,
          run.id,
          { status: 'QUEUED', progress: 0, heartbeatAt: null },
          ['RUNNING'],
        );
        if (!queued) return;
        await appendRunLog(tx, run.teamId, run.id, runLog(deps, { code: 'requeued' }));
        const payload: SynthesisJobPayload = {
          teamId: run.teamId,
          runId: run.id,
          attempt: run.attempts + 1,
        };
        await deps.jobs.enqueue(SYNTHESIS_JOB, payload, { tx, maxAttempts: 1 });
      });
    } else {
      await failRun(deps, run, { code: 'stalled', params: { attempts: run.attempts } });
    }
  }
}
