import { randomUUID } from 'node:crypto';
import {
  FINANCIAL_VIEWER_VALIDATION,
  STATEMENT_EXTENSIONS,
  STATEMENT_JOB_THRESHOLD_BYTES,
  STATEMENT_MAX_BYTES,
  ZColumnMapping,
  type TColumnMapping,
  type TImportResult,
  type TStatementPreview,
} from '@app/contracts/financial-viewer';
import {
  findNewTransactions,
  isValidIban,
  type CategoryCorrections,
  type StatementParseResult,
} from '@app/finance';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import { putStreamWithin, takeStreamedForm } from '../../platform/uploads.js';
import { loadCategorizer } from './categorisation.js';
import {
  bumpDataVersion,
  findAccount,
  findAccountByNumber,
  findAccountMovementsSince,
  findImport,
  hasTransactions,
  insertImport,
  insertTransactions,
  lockAccount,
  raiseImportProgress,
  rebuildDailyCashflow,
  updateAccount,
  updateConnection,
  updateImport,
  type AccountRow,
  type ImportRow,
  type NewTransaction,
} from './repository.js';

export const IMPORT_STATEMENT_JOB = 'financial-viewer.import-statement';
const SAMPLE_ROWS = 20;

/** A statement streamed to storage as it was uploaded (never whole in memory). */
export type StatementUpload = {
  id: string;
  fileName: string;
  storageKey: string;
  sizeBytes: number;
};

function statementTypeError(): AppError {
  return validationError(
    { document: FINANCIAL_VIEWER_VALIDATION.statementType },
    'Only Excel and CSV files are supported',
  );
}

/** Spec §5: only Excel and CSV files; the content is then read whatever the extension says. */
function checkStatementFile(file: { fieldName: string; fileName: string }): void {
  const name = file.fileName.toLowerCase();
  if (
    file.fieldName !== 'document' ||
    !STATEMENT_EXTENSIONS.some((extension) => name.endsWith(extension))
  ) {
    throw statementTypeError();
  }
}

/**
 * The statement form of a request: its file (multipart field `document`, at most 20 MB) is
 * streamed to storage as it arrives; over the limit, or cut short, nothing stays stored.
 */
export async function readStatementForm(
  deps: Deps,
  request: FastifyRequest,
  options: { teamId: string; maxFields: number },
): Promise<{ upload: StatementUpload; fields: Record<string, string> }> {
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', {
      message: `The file is larger than ${String(STATEMENT_MAX_BYTES / 1024 / 1024)} MB.`,
    });
  const form = await takeStreamedForm(request, {
    maxBytes: STATEMENT_MAX_BYTES,
    maxFields: options.maxFields,
    tooLarge,
    store: async (file): Promise<StatementUpload> => {
      checkStatementFile(file);
      const id = randomUUID();
      const storageKey = `financial-viewer/${options.teamId}/imports/${id}`;
      const sizeBytes = await putStreamWithin(deps.storage, {
        key: storageKey,
        body: file.stream(),
        contentType: 'application/octet-stream',
        maxBytes: STATEMENT_MAX_BYTES,
        tooLarge,
      });
      return { id, fileName: file.fileName, storageKey, sizeBytes };
    },
    discard: (upload) => deps.storage.delete(upload.storageKey),
  });
  if (!form.file) throw statementTypeError();
  return { upload: form.file, fields: form.fields };
}

/**
 * Runs `use` on a stored upload, then removes the file, unless `use` queued its import: the
 * job reads it and removes it then.
 */
export async function withStoredUpload<T extends object>(
  deps: Deps,
  upload: StatementUpload,
  use: () => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  try {
    result = await use();
    return result;
  } finally {
    if (!(result && 'status' in result && result.status === 'QUEUED')) {
      await deps.storage.delete(upload.storageKey);
    }
  }
}

/** The stored statement's bytes: the engine's readers take a whole file (at most 20 MB). */
async function readStoredStatement(deps: Deps, storageKey: string): Promise<Buffer> {
  const file = await deps.storage.get(storageKey);
  if (!file) throw new AppError('IMPORT_FAILED', { message: 'The uploaded file is gone.' });
  return file.body;
}

/** The mapping the user confirmed, sent as JSON text in a multipart field. */
export function readMapping(text: string | undefined): TColumnMapping | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationError({ mapping: 'validation.invalid' }, 'The mapping is not JSON.');
  }
  const parsed = ZColumnMapping.safeParse(value);
  if (!parsed.success) throw validationError({ mapping: 'validation.invalid' });
  return parsed.data;
}

/** The engine reads the file in a worker thread: a large statement never blocks the API. */
async function parse(
  data: Uint8Array,
  mapping: TColumnMapping | undefined,
): Promise<StatementParseResult> {
  const outcome = await cpuPool.run('readStatement', { data, ...(mapping ? { mapping } : {}) });
  if (outcome.ok) return outcome.value;
  if (outcome.code === 'unsupported-format') {
    throw validationError({ document: FINANCIAL_VIEWER_VALIDATION.statementType }, outcome.message);
  }
  if (outcome.code === 'file-too-large') {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: outcome.message });
  }
  throw new AppError('IMPORT_FAILED', {
    message: outcome.message,
    fields: { document: outcome.code },
  });
}

function toMapping(result: StatementParseResult): TColumnMapping {
  const { mapping } = result.layout;
  return ZColumnMapping.parse({ ...mapping, sheet: result.layout.sheet });
}

/** What the file holds, as the engine reads it, before anything is written. */
export async function previewStatement(
  deps: Deps,
  upload: StatementUpload,
  mapping: TColumnMapping | undefined,
): Promise<TStatementPreview> {
  const result = await parse(await readStoredStatement(deps, upload.storageKey), mapping);
  const dates = result.transactions.map((transaction) => transaction.txOperationDate).sort();
  return {
    fileName: upload.fileName,
    sizeBytes: upload.sizeBytes,
    format: result.layout.format,
    columns: result.layout.columns,
    mapping: toMapping(result),
    rows: result.layout.preview.rows,
    headerRow: result.layout.preview.headerRow,
    transactionCount: result.transactions.length,
    errorCount: result.errors.length,
    sample: result.transactions.slice(0, SAMPLE_ROWS).map((transaction) => ({
      row: transaction.row,
      txOperationDate: transaction.txOperationDate,
      txValueDate: transaction.txValueDate,
      txDescription: transaction.txDescription,
      txAmount: transaction.txAmount,
      txBalance: transaction.txBalance,
    })),
    total: result.transactions.reduce((sum, transaction) => sum + transaction.txAmount, 0),
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
  };
}

/**
 * 416 'exactAccount': the statement names its account (an IBAN in its heading) and the chosen
 * account is an IBAN that is not that one. A file that names no account, or an account
 * that is no IBAN (a card), is taken as the user says.
 */
function checkStatedAccount(accountNumber: string, statedAccounts: readonly string[]): void {
  const number = accountNumber.replace(/[\s-]/g, '').toUpperCase();
  if (statedAccounts.length === 0 || !isValidIban(number) || statedAccounts.includes(number)) {
    return;
  }
  throw new AppError('ACCOUNT_MISMATCH', {
    message: `The statement is of the account ${statedAccounts.join(', ')}, not of ${number}.`,
  });
}

/**
 * 409 'alreadyExistsAccount': the account the statement names is an account of another
 * connection of the team; its movements belong there, not in the chosen account.
 */
async function checkStatedAccountOwner(
  deps: Deps,
  options: { teamId: string; account: AccountRow; statedAccounts: readonly string[] },
): Promise<void> {
  for (const stated of options.statedAccounts) {
    const owner = await findAccountByNumber(deps.db, options.teamId, stated);
    if (owner && owner.connectionId !== options.account.connectionId) {
      throw new AppError('ACCOUNT_EXISTS', {
        message: `The statement is of the account ${stated}, which belongs to another connection.`,
      });
    }
  }
}

function toImportResult(row: ImportRow): TImportResult {
  return {
    importId: row.id,
    status: row.status,
    progress: row.progress,
    fileName: row.fileName,
    added: row.addedCount,
    duplicates: row.duplicateCount,
    errors: row.errorCount,
    errorCode: row.errorCode,
  };
}

const CATEGORIZE_CHUNK = 10_000;

function categorizeChunk(corrections: CategoryCorrections, rows: readonly UncategorizedRow[]) {
  return cpuPool.run('categorizeRows', {
    corrections,
    rows: rows.map((row) => ({ description: row.description, amount: row.amount })),
  });
}

type UncategorizedRow = Omit<NewTransaction, 'categoryId' | 'categoryConfidence'> & {
  description: string;
  amount: number;
};

/**
 * Inserts the rows with their categories. A worker thread categorises the next chunk while
 * the database stores this one, so categorising adds no time to a large import.
 */
async function insertCategorized(
  tx: Executor,
  options: {
    teamId: string;
    accountId: string;
    corrections: CategoryCorrections;
    rows: readonly UncategorizedRow[];
    /** Told the rows done so far, each row counted once categorised and once inserted. */
    onStep?: ((done: number, total: number) => void) | undefined;
  },
): Promise<void> {
  const { rows, corrections } = options;
  const total = rows.length * 2;
  let done = 0;
  const step = (count: number) => {
    done += count;
    options.onStep?.(done, total);
  };
  let pending =
    rows.length > 0 ? categorizeChunk(corrections, rows.slice(0, CATEGORIZE_CHUNK)) : undefined;
  for (let start = 0; start < rows.length && pending; start += CATEGORIZE_CHUNK) {
    const categories = await pending;
    const next = start + CATEGORIZE_CHUNK;
    pending =
      next < rows.length
        ? categorizeChunk(corrections, rows.slice(next, next + CATEGORIZE_CHUNK))
        : undefined;
    // A failed insert below ends the import; the chunk categorised meanwhile is not awaited.
    pending?.catch(() => undefined);
    const chunk = rows.slice(start, next).map((row, index) => ({
      ...row,
      categoryId: categories.categoryIds[index] ?? 0,
      categoryConfidence: categories.confidences[index] ?? 0,
    }));
    step(chunk.length);
    await insertTransactions(tx, options.teamId, options.accountId, chunk);
    step(chunk.length);
  }
}

/** An import job's progress: 10 once started, 60 once read, then up to 95 as rows are written. */
const PROGRESS_STARTED = 10;
const PROGRESS_READ = 60;
const PROGRESS_WRITTEN = 95;

/** Told every progress an import job reports (tests record them). */
export type ImportProgressObserver = (percent: number) => void;

/**
 * Reports a running import's progress after its start, written outside its transaction, one write after the
 * other: on PostgreSQL a poll of `GET import/{id}` sees it move while the rows are written, and
 * the import stays all or nothing. The writes are never awaited inside the transaction: PGlite
 * has one connection, where a write waits for the transaction to end and then finds the import
 * no longer RUNNING (`raiseImportProgress`), so it changes nothing. `settled` awaits the last.
 */
function importProgress(deps: Deps, row: ImportRow, observe?: ImportProgressObserver) {
  let last = Promise.resolve();
  let reported = PROGRESS_STARTED;
  const report = (percent: number): void => {
    if (percent <= reported) return;
    reported = percent;
    observe?.(percent);
    last = last
      .then(() => raiseImportProgress(deps.db, row.teamId, row.id, percent))
      .catch((error: unknown) => {
        deps.log.warn({ err: error, importId: row.id }, 'import progress not written');
      });
  };
  return {
    report,
    /** The rows written of all, as a progress between read and written. */
    onStep: (done: number, total: number): void => {
      const share = total === 0 ? 1 : done / total;
      report(PROGRESS_READ + Math.floor((PROGRESS_WRITTEN - PROGRESS_READ) * share));
    },
    settled: () => last,
  };
}

/** ISO dates compare as plain strings (`localeCompare` would collate them, slowly). */
function byValueDate(a: { valueDate: string }, b: { valueDate: string }): number {
  if (a.valueDate === b.valueDate) return 0;
  return a.valueDate < b.valueDate ? -1 : 1;
}

/**
 * Writes a statement's new transactions into the account, in one transaction: all of them or
 * none. Rows the account already has (same day, amount and description, or balance) are
 * left out, so importing the same file twice adds nothing the second time.
 */
async function importParsed(
  deps: Deps,
  options: {
    importRow: ImportRow;
    result: StatementParseResult;
    initialBalance: number | null;
    onStep?: (done: number, total: number) => void;
  },
): Promise<{ added: number; duplicates: number }> {
  const { importRow, result } = options;
  const { teamId, accountId } = importRow;
  const account = await findAccount(deps.db, teamId, accountId);
  if (!account) throw new AppError('NOT_FOUND');
  await checkStatedAccountOwner(deps, { teamId, account, statedAccounts: result.statedAccounts });
  checkStatedAccount(account.number, result.statedAccounts);
  const categorizer = await loadCategorizer(deps, deps.db, teamId);
  return deps.db.transaction(async (tx) => {
    // Two imports into one account wait for each other, so neither misses the other's rows.
    await lockAccount(tx, teamId, accountId);
    // Once: a job claimed again while its first worker still wrote finds the import done.
    const current = await findImport(tx, teamId, importRow.id);
    if (current?.status === 'DONE') {
      return { added: current.addedCount, duplicates: current.duplicateCount };
    }
    const incoming = result.transactions;
    const earliest = incoming.map((item) => item.txOperationDate).sort()[0];
    const existing = earliest
      ? await findAccountMovementsSince(tx, teamId, accountId, earliest)
      : [];
    const { newTransactions, duplicates } = findNewTransactions({
      existing: existing.map((item) => ({
        txAmount: item.amount,
        txBalance: item.balance,
        txDescription: item.description,
        txOperationDate: item.operationDate,
        txValueDate: item.operationDate,
      })),
      incoming,
    });
    // Written in value date order (the sort keeps a day's rows in the file's order): the date
    // indexes then take them page after page, where a file in another order sent every row to
    // a page of its own.
    const rows = newTransactions
      .map((transaction) => ({
        amount: transaction.txAmount,
        balance: transaction.txBalance,
        description: transaction.txDescription,
        operationDate: transaction.txOperationDate,
        valueDate: transaction.txValueDate,
        importId: importRow.id,
      }))
      .sort(byValueDate);
    const isFirstImport = !(await hasTransactions(tx, teamId, accountId));
    const statedOpening =
      result.balanceCheck.status === 'ok' ? result.balanceCheck.openingBalance : null;
    const openingBalance = isFirstImport
      ? (options.initialBalance ?? statedOpening ?? account.openingBalance)
      : account.openingBalance;
    await insertCategorized(tx, {
      teamId,
      accountId,
      corrections: categorizer.corrections,
      rows,
      onStep: options.onStep,
    });
    const totals = await rebuildDailyCashflow(tx, teamId, accountId);
    const balance = openingBalance + totals.sum;
    await updateAccount(tx, teamId, accountId, {
      openingBalance,
      currentBalance: balance,
      ...(account.type === 'ACCOUNT' ? { availableBalance: balance } : {}),
    });
    await bumpDataVersion(tx, teamId);
    await updateConnection(tx, teamId, account.connectionId, {
      uploadedFile: importRow.fileName,
      lastRefreshAt: deps.clock.now(),
    });
    await updateImport(tx, teamId, importRow.id, {
      status: 'DONE',
      progress: 100,
      addedCount: rows.length,
      duplicateCount: duplicates.length,
      errorCount: result.errors.length,
      finishedAt: deps.clock.now(),
    });
    return { added: rows.length, duplicates: duplicates.length };
  });
}

async function failImport(deps: Deps, row: ImportRow, error: unknown): Promise<void> {
  const code = error instanceof AppError ? error.code : 'INTERNAL';
  await updateImport(deps.db, row.teamId, row.id, {
    status: 'FAILED',
    errorCode: code,
    errorMessage: error instanceof Error ? error.message : String(error),
    finishedAt: deps.clock.now(),
  });
}

/**
 * Imports a statement into one of the team's accounts. A small file is imported within the
 * request (status DONE); a large one is stored and imported by a job (status QUEUED, with
 * progress on `GET import/{id}`).
 */
export async function importStatement(
  deps: Deps,
  options: {
    teamId: string;
    accountId: string;
    /** The connection the account must belong to, when the caller names one. */
    connectionId?: string;
    upload: StatementUpload;
    mapping: TColumnMapping | undefined;
    initialBalance: number | undefined;
  },
): Promise<TImportResult> {
  const { teamId, upload } = options;
  const account = await findAccount(deps.db, teamId, options.accountId);
  const isElsewhere =
    options.connectionId !== undefined && account?.connectionId !== options.connectionId;
  if (!account || isElsewhere) throw new AppError('NOT_FOUND');
  const base = {
    accountId: account.id,
    fileName: upload.fileName.slice(0, 255),
    sizeBytes: upload.sizeBytes,
    mapping: options.mapping ?? null,
    initialBalance: options.initialBalance ?? null,
  };
  if (upload.sizeBytes > STATEMENT_JOB_THRESHOLD_BYTES) {
    const { id, storageKey } = upload;
    const row = await deps.db.transaction(async (tx) => {
      const created = await insertImport(tx, teamId, { ...base, id, storageKey, status: 'QUEUED' });
      await deps.jobs.enqueue(
        IMPORT_STATEMENT_JOB,
        { teamId, importId: id },
        { tx, maxAttempts: 1 },
      );
      return created;
    });
    return toImportResult(row);
  }
  const result = await parse(await readStoredStatement(deps, upload.storageKey), options.mapping);
  const row = await insertImport(deps.db, teamId, { ...base, status: 'RUNNING' });
  try {
    await importParsed(deps, { importRow: row, result, initialBalance: base.initialBalance });
  } catch (error) {
    await failImport(deps, row, error);
    throw error;
  }
  return getImport(deps, { teamId, importId: row.id });
}

/**
 * The job of a large import: read the stored file, then import it as a small one is. An import
 * left RUNNING is one whose worker died (the queue hands a job to another worker only once its
 * lock lapsed): its one transaction rolled back and its file is still stored, so it runs again.
 */
export async function runImportJob(
  deps: Deps,
  options: { teamId: string; importId: string },
  observe?: ImportProgressObserver,
): Promise<void> {
  const row = await findImport(deps.db, options.teamId, options.importId);
  if (!row || !['QUEUED', 'RUNNING'].includes(row.status) || !row.storageKey) return;
  // A job run again (its worker died) starts its progress over.
  await updateImport(deps.db, row.teamId, row.id, {
    status: 'RUNNING',
    progress: PROGRESS_STARTED,
  });
  observe?.(PROGRESS_STARTED);
  const progress = importProgress(deps, row, observe);
  try {
    const data = await readStoredStatement(deps, row.storageKey);
    const result = await parse(data, (row.mapping as TColumnMapping | null) ?? undefined);
    progress.report(PROGRESS_READ);
    await importParsed(deps, {
      importRow: row,
      result,
      initialBalance: row.initialBalance,
      onStep: progress.onStep,
    });
    observe?.(100);
  } catch (error) {
    await failImport(deps, row, error);
  } finally {
    await progress.settled();
    await deps.storage.delete(row.storageKey);
  }
}

export async function getImport(
  deps: Deps,
  options: { teamId: string; importId: string },
): Promise<TImportResult> {
  const row = await findImport(deps.db, options.teamId, options.importId);
  if (!row) throw new AppError('NOT_FOUND');
  return toImportResult(row);
}
