import { randomUUID } from 'node:crypto';
import {
  FINANCIAL_VIEWER_VALIDATION,
  STATEMENT_EXTENSIONS,
  STATEMENT_JOB_THRESHOLD_BYTES,
  ZColumnMapping,
  type TColumnMapping,
  type TImportResult,
  type TStatementPreview,
} from '@app/contracts/financial-viewer';
import { findNewTransactions, isValidIban, type StatementParseResult } from '@app/finance';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import { categorizeForStorage, loadCategorizer } from './categorisation.js';
import {
  accountTotals,
  bumpDataVersion,
  findAccount,
  findAccountMovementsSince,
  findImport,
  insertImport,
  insertTransactions,
  lockAccount,
  rebuildDailyCashflow,
  updateAccount,
  updateConnection,
  updateImport,
  type ImportRow,
} from './repository.js';

export const IMPORT_STATEMENT_JOB = 'financial-viewer.import-statement';
const SAMPLE_ROWS = 20;

export type StatementUpload = { fileName: string; data: Buffer };

/** Spec §5: only Excel and CSV files; the content is then read whatever the extension says. */
export function checkStatementFile(upload: StatementUpload | undefined): StatementUpload {
  const name = upload?.fileName.toLowerCase() ?? '';
  if (!upload || !STATEMENT_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    throw validationError(
      { document: FINANCIAL_VIEWER_VALIDATION.statementType },
      'Only Excel and CSV files are supported',
    );
  }
  return upload;
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
  upload: StatementUpload,
  mapping: TColumnMapping | undefined,
): Promise<TStatementPreview> {
  const result = await parse(upload.data, mapping);
  const dates = result.transactions.map((transaction) => transaction.txOperationDate).sort();
  return {
    fileName: upload.fileName,
    sizeBytes: upload.data.byteLength,
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

/**
 * Writes a statement's new transactions into the account, in one transaction: all of them or
 * none. Rows the account already has (same day, amount and description, or balance) are
 * left out, so importing the same file twice adds nothing the second time.
 */
async function importParsed(
  deps: Deps,
  options: { importRow: ImportRow; result: StatementParseResult; initialBalance: number | null },
): Promise<{ added: number; duplicates: number }> {
  const { importRow, result } = options;
  const { teamId, accountId } = importRow;
  const account = await findAccount(deps.db, teamId, accountId);
  if (!account) throw new AppError('NOT_FOUND');
  checkStatedAccount(account.number, result.statedAccounts);
  const categorizer = await loadCategorizer(deps, deps.db, teamId);
  return deps.db.transaction(async (tx) => {
    // Two imports into one account wait for each other, so neither misses the other's rows.
    await lockAccount(tx, teamId, accountId);
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
    const rows = newTransactions.map((transaction) =>
      categorizeForStorage(categorizer, {
        amount: transaction.txAmount,
        balance: transaction.txBalance,
        description: transaction.txDescription,
        operationDate: transaction.txOperationDate,
        valueDate: transaction.txValueDate,
        importId: importRow.id,
      }),
    );
    const before = await accountTotals(tx, teamId, accountId);
    const statedOpening =
      result.balanceCheck.status === 'ok' ? result.balanceCheck.openingBalance : null;
    const openingBalance =
      before.count === 0
        ? (options.initialBalance ?? statedOpening ?? account.openingBalance)
        : account.openingBalance;
    await insertTransactions(tx, teamId, accountId, rows);
    const after = await accountTotals(tx, teamId, accountId);
    const balance = openingBalance + after.sum;
    await updateAccount(tx, teamId, accountId, {
      openingBalance,
      currentBalance: balance,
      ...(account.type === 'ACCOUNT' ? { availableBalance: balance } : {}),
    });
    await rebuildDailyCashflow(tx, teamId, accountId);
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
    sizeBytes: upload.data.byteLength,
    mapping: options.mapping ?? null,
    initialBalance: options.initialBalance ?? null,
  };
  if (upload.data.byteLength > STATEMENT_JOB_THRESHOLD_BYTES) {
    const id = randomUUID();
    const storageKey = `financial-viewer/${teamId}/imports/${id}`;
    await deps.storage.put(storageKey, upload.data, 'application/octet-stream');
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
  const result = await parse(upload.data, options.mapping);
  const row = await insertImport(deps.db, teamId, { ...base, status: 'RUNNING' });
  try {
    await importParsed(deps, { importRow: row, result, initialBalance: base.initialBalance });
  } catch (error) {
    await failImport(deps, row, error);
    throw error;
  }
  return getImport(deps, { teamId, importId: row.id });
}

/** The job of a large import: read the stored file, then import it as a small one is. */
export async function runImportJob(
  deps: Deps,
  options: { teamId: string; importId: string },
): Promise<void> {
  const row = await findImport(deps.db, options.teamId, options.importId);
  if (!row || row.status !== 'QUEUED' || !row.storageKey) return;
  await updateImport(deps.db, row.teamId, row.id, { status: 'RUNNING', progress: 10 });
  try {
    const file = await deps.storage.get(row.storageKey);
    if (!file) throw new AppError('IMPORT_FAILED', { message: 'The uploaded file is gone.' });
    const result = await parse(file.body, (row.mapping as TColumnMapping | null) ?? undefined);
    await updateImport(deps.db, row.teamId, row.id, { progress: 60 });
    await importParsed(deps, { importRow: row, result, initialBalance: row.initialBalance });
  } catch (error) {
    await failImport(deps, row, error);
  } finally {
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
