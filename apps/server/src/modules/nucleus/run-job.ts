import type { TColumnChoice, TRunLog } from '@app/contracts/nucleus';
import type { AlgorithmName, InputFormat } from '@app/synth';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { removeRunOutputs, runFileKey } from './files.js';
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

/** A failure to tell the user as it is (the engine's message on their data). */
class RunFailure extends Error {}
/** The run stopped being RUNNING: cancelled or deleted. */
class RunStopped extends Error {}

function logEntry(deps: Deps, message: string, level: TRunLog['level'] = 'info'): TRunLog {
  return { at: deps.clock.now().toISOString(), level, message };
}

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
  const step = async (progress: number, message: string) => {
    const row = await updateRun(
      deps.db,
      teamId,
      runId,
      { progress, heartbeatAt: deps.clock.now() },
      ['RUNNING'],
    );
    if (!row || controller.signal.aborted) throw new RunStopped();
    await appendRunLog(deps.db, teamId, runId, logEntry(deps, message));
  };
  try {
    await step(5, attempt > 1 ? 'Started again: the worker stopped during the run.' : 'Started.');
    await synthesize(deps, { run, step, signal: controller.signal });
  } catch (error) {
    await settleFailure(deps, { run, error, isStopped: controller.signal.aborted });
  } finally {
    clearInterval(heartbeat);
  }
}

async function readInputs(deps: Deps, run: RunRow) {
  const base =
    run.kind === 'GENERATE' && run.sourceRunId
      ? await findRun(deps.db, run.teamId, run.sourceRunId)
      : run;
  if (!base) throw new RunFailure('The run this one generates from was deleted.');
  const upload = await deps.storage.get(runFileKey(base, 'upload'));
  if (!upload) throw new RunFailure('The uploaded file is gone.');
  if (run.kind === 'GENERATE' && !(await deps.storage.has(runFileKey(base, 'model.json')))) {
    throw new RunFailure('The model of the run this one generates from is gone.');
  }
  return { bytes: new Uint8Array(upload.body), format: base.format as InputFormat };
}

async function synthesize(
  deps: Deps,
  options: {
    run: RunRow;
    step: (progress: number, message: string) => Promise<void>;
    signal: AbortSignal;
  },
): Promise<void> {
  const { run, step, signal } = options;
  const input = await readInputs(deps, run);
  const columns = (run.columnChoices ?? []) as TColumnChoice[];
  const seed = run.seed ?? 0;
  const numRows = run.numRows ?? run.sourceRows ?? 0;
  await step(10, `Read ${run.fileName}. Fitting ${run.algorithm ?? ''}.`);
  const synthesis = await cpuPool.run(
    'synthesizeDataset',
    {
      ...input,
      algorithm: run.algorithm as AlgorithmName,
      parameters: run.parameters ?? {},
      columns,
      numRows,
      seed,
    },
    { signal },
  );
  if (!synthesis.ok) throw new RunFailure(synthesis.message);
  await step(60, `Fitted the model and generated ${numRows.toLocaleString('en-US')} rows.`);
  await deps.storage.put(
    runFileKey(run, 'data.csv'),
    Buffer.from(synthesis.value.data),
    'text/csv',
  );
  if (run.kind === 'SYNTHESIZE') {
    const model = JSON.stringify({ ...synthesis.value.model, runId: run.id });
    await deps.storage.put(runFileKey(run, 'model.json'), Buffer.from(model), 'application/json');
  }
  await step(70, 'Stored the data. Building the quality report.');
  const report = await cpuPool.run(
    'reportDataset',
    { ...input, columns, synthetic: synthesis.value.data, seed },
    { signal },
  );
  if (!report.ok) throw new RunFailure(report.message);
  await deps.storage.put(
    runFileKey(run, 'report.json'),
    Buffer.from(JSON.stringify(report.value)),
    'application/json',
  );
  const done = await updateRun(
    deps.db,
    run.teamId,
    run.id,
    { status: 'DONE', progress: 100, finishedAt: deps.clock.now(), heartbeatAt: null },
    ['RUNNING'],
  );
  if (!done) throw new RunStopped();
  const score = Math.round(report.value.overall * 100);
  await appendRunLog(
    deps.db,
    run.teamId,
    run.id,
    logEntry(deps, `Done: quality score ${String(score)}%.`),
  );
}

/** A RUNNING run FAILED with its reason, in its status and its log, and no output kept. */
async function failRun(deps: Deps, run: RunRow, message: string): Promise<void> {
  const failed = await updateRun(
    deps.db,
    run.teamId,
    run.id,
    { status: 'FAILED', errorMessage: message, finishedAt: deps.clock.now(), heartbeatAt: null },
    ['RUNNING'],
  );
  if (!failed) return;
  await removeRunOutputs(deps, run);
  await appendRunLog(deps.db, run.teamId, run.id, logEntry(deps, message, 'error'));
}

/** A cancelled run keeps no output; a failed one says why (the engine's words, or none). */
async function settleFailure(
  deps: Deps,
  options: { run: RunRow; error: unknown; isStopped: boolean },
): Promise<void> {
  const { run, error } = options;
  if (options.isStopped || error instanceof RunStopped) {
    await removeRunOutputs(deps, run);
    await appendRunLog(
      deps.db,
      run.teamId,
      run.id,
      logEntry(deps, 'Stopped: the run was cancelled.'),
    );
    return;
  }
  const isKnown = error instanceof RunFailure || error instanceof AppError;
  if (!isKnown) deps.log.error({ err: error, runId: run.id }, 'nucleus run failed');
  await failRun(deps, run, isKnown ? error.message : 'The run failed on an internal error.');
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
        await appendRunLog(
          tx,
          run.teamId,
          run.id,
          logEntry(deps, 'The worker stopped during the run; it is queued again.'),
        );
        const payload: SynthesisJobPayload = {
          teamId: run.teamId,
          runId: run.id,
          attempt: run.attempts + 1,
        };
        await deps.jobs.enqueue(SYNTHESIS_JOB, payload, { tx, maxAttempts: 1 });
      });
    } else {
      await failRun(
        deps,
        run,
        `The worker stopped during the run ${String(run.attempts)} times; start a new run.`,
      );
    }
  }
}
