import type { TRunLog, TRunLogCode, TTableValue } from '@app/contracts/nucleus';
import type { Clock } from '../../platform/clock.js';

type RunLogValue = string | number | TTableValue[];
export type RunLogParams = Record<string, RunLogValue>;

const count = (value: RunLogValue | undefined) =>
  typeof value === 'number' ? value.toLocaleString('en-US') : text(value);
const text = (value: RunLogValue | undefined) =>
  Array.isArray(value)
    ? value.map((entry) => `${entry.table} ${String(entry.value)}`).join(', ')
    : String(value ?? '');
/** Each table's rows: "accounts 1,200, trans 3,400". */
const tableCounts = (value: RunLogValue | undefined) =>
  Array.isArray(value)
    ? value.map((entry) => `${entry.table} ${count(entry.value)}`).join(', ')
    : text(value);
/** Each table's score: "accounts 81%, trans 77%". */
const tableScores = (value: RunLogValue | undefined) =>
  Array.isArray(value)
    ? value.map((entry) => `${entry.table} ${String(entry.value)}%`).join(', ')
    : text(value);

/**
 * Each code's English wording: the entry's `message`, for API callers and any reader that does
 * not know the code. The web app words the code itself (en-US and es).
 */
const MESSAGES: Record<TRunLogCode, (params: RunLogParams) => string> = {
  uploaded: (p) => `Uploaded ${text(p.file)}: ${text(p.rows)} rows, ${text(p.columns)} columns.`,
  queued: (p) => `Queued: ${text(p.algorithm)}, ${count(p.rows)} rows.`,
  started: () => 'Started.',
  restarted: () => 'Started again: the worker stopped during the run.',
  fitting: (p) => `Read ${text(p.file)}. Fitting ${text(p.algorithm)}.`,
  fitted: (p) => `Fitted the model and generated ${count(p.rows)} rows.`,
  readModel: (p) => `Read the stored model of ${text(p.file)}. Drawing rows; no fitting.`,
  generated: (p) => `Generated ${count(p.rows)} rows from the stored model.`,
  fittingTables: (p) => `Read ${text(p.tables)}. Fitting the tables together.`,
  fittedTables: (p) =>
    `Fitted the model and generated the tables (rows: ${tableCounts(p.counts)}).`,
  readRelationalModel: (p) =>
    `Read the stored model of ${text(p.file)}. Drawing the tables; no fitting.`,
  generatedTables: (p) =>
    `Generated the tables from the stored model (rows: ${tableCounts(p.counts)}).`,
  reporting: () => 'Stored the data. Building the quality report.',
  reportingSample: (p) =>
    `Stored the data. Building the quality report on its first ${count(p.rows)} rows.`,
  reportingTable: (p) => `Building the quality report of ${text(p.table)}.`,
  noReport: () => 'Stored the data. No quality report: the uploaded file is gone.',
  done: () => 'Done.',
  doneScore: (p) => `Done: quality score ${text(p.score)}%.`,
  doneScores: (p) => `Done: quality score ${tableScores(p.scores)}.`,
  cancelled: () => 'Cancelled.',
  stopped: () => 'Stopped: the run was cancelled.',
  requeued: () => 'The worker stopped during the run; it is queued again.',
  stalled: (p) => `The worker stopped during the run ${text(p.attempts)} times; start a new run.`,
  sourceDeleted: () => 'The run this one generates from was deleted.',
  uploadGone: () => 'The uploaded file is gone.',
  tableUploadGone: (p) => `The uploaded file of ${text(p.table)} is gone.`,
  modelGone: () => 'The model of the run this one generates from is gone.',
  engineFailed: (p) => `${p.table === undefined ? '' : `${text(p.table)}: `}${text(p.reason)}`,
  internalError: () => 'The run failed on an internal error.',
};

/** The English sentence of a code with its values. */
export function runLogMessage(code: TRunLogCode, params: RunLogParams = {}): string {
  return MESSAGES[code](params);
}

/** A log entry stored as its code and values, with its English sentence beside them. */
export function runLog(
  deps: { clock: Clock },
  entry: { code: TRunLogCode; params?: RunLogParams; level?: TRunLog['level'] },
): TRunLog {
  const params = entry.params ?? {};
  return {
    at: deps.clock.now().toISOString(),
    level: entry.level ?? 'info',
    message: runLogMessage(entry.code, params),
    code: entry.code,
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
}
