import { randomBytes } from 'node:crypto';
import {
  FINANCIAL_VIEWER_NEURON,
  FINANCIAL_VIEWER_VALIDATION,
  type TBank,
  type TConnection,
  type TCreateConnectionRequest,
  type TCreateConnectionResponse,
} from '@app/contracts/financial-viewer';
import { AggregatorError, type AggregatorBank } from '../../platform/banking/aggregator.js';
import type { FlowOutcome } from '../../platform/banking/widget-pages.js';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { getActiveAccess, type SubscriptionAccess } from '../billing/subscriptions.js';
import { connectionLimit } from './access.js';
import {
  bumpDataVersion,
  countAccountsByConnection,
  countUsedConnections,
  deleteAbandonedConnections,
  deleteConnection as deleteConnectionRow,
  findConnection,
  findConnectionByOperation,
  findConnections,
  insertConnection,
  lockTeam,
  updateConnection,
  type ConnectionRow,
} from './repository.js';

export const SYNC_CONNECTION_JOB = 'financial-viewer.sync-connection';
/** A widget left open longer than this cannot finish the connection any more. */
const WIDGET_TTL_MILLISECONDS = 60 * 60_000;

export function toBank(bank: AggregatorBank): TBank {
  return {
    bank_name: bank.name,
    bank_code: bank.code,
    country_code: bank.countryCode,
    logo: bank.logo,
  };
}

export async function listBanks(
  deps: Deps,
  options: { countryCode?: string | undefined },
): Promise<TBank[]> {
  const banks = await deps.banking.listBanks(
    options.countryCode ? { countryCode: options.countryCode.toUpperCase() } : {},
  );
  return banks.map(toBank);
}

function toConnection(row: ConnectionRow, accountCount: number): TConnection {
  return {
    conId: row.id,
    conName: row.name,
    conSource: row.source,
    conEntityCode: row.bankCode,
    conEntityName: row.bankName,
    conStatus: row.status,
    conStatusReason: row.statusReason,
    conLastRefreshDate: row.lastRefreshAt?.toISOString() ?? null,
    conOperationId: row.operationId,
    conUploadedFile: row.uploadedFile,
    conAccountCount: accountCount,
  };
}

/** The team's connections; PENDING ones (a widget not finished) are not shown (spec §4). */
export async function listConnections(
  deps: Deps,
  options: { teamId: string },
): Promise<TConnection[]> {
  const [rows, counts] = await Promise.all([
    findConnections(deps.db, options.teamId),
    countAccountsByConnection(deps.db, options.teamId),
  ]);
  return rows
    .filter((row) => row.status !== 'PENDING')
    .map((row) => toConnection(row, counts.get(row.id) ?? 0));
}

async function getConnection(
  deps: Deps,
  options: { teamId: string; connectionId: string },
): Promise<TConnection> {
  const row = await findConnection(deps.db, options.teamId, options.connectionId);
  if (!row || row.status === 'PENDING') throw new AppError('NOT_FOUND');
  const counts = await countAccountsByConnection(deps.db, options.teamId);
  return toConnection(row, counts.get(row.id) ?? 0);
}

async function findBank(deps: Deps, bankCode: string): Promise<AggregatorBank | undefined> {
  return (await deps.banking.listBanks({})).find((candidate) => candidate.code === bankCode);
}

/**
 * The bank of a connection of imported statements. A bank outside the list is taken when the
 * caller names it (the token API's bank_name): statements of any bank can be imported.
 */
async function requireBank(
  deps: Deps,
  bankCode: string,
  bankName: string | undefined,
): Promise<{ code: string; name: string }> {
  const bank = await findBank(deps, bankCode);
  if (!bank && bankName) return { code: bankCode, name: bankName };
  if (!bank) {
    throw new AppError('VALIDATION', {
      message: `There is no bank with the code ${bankCode}.`,
      fields: { bankCode: 'validation.invalid' },
    });
  }
  return bank;
}

/** The team's connection limit now: none without a subscription, null when unlimited. */
async function teamConnectionLimit(deps: Deps, teamId: string): Promise<number | null> {
  const access = await getActiveAccess(deps, { teamId, neuronId: FINANCIAL_VIEWER_NEURON });
  return access ? connectionLimit(access) : 0;
}

/**
 * Whether a limit leaves room for one more connection. PENDING attempts do not count (an
 * abandoned widget must not hold a place), so the limit is checked again when a consent turns
 * one into a real connection, under the team lock.
 */
async function hasRoomForConnection(
  executor: Executor,
  options: { teamId: string; limit: number | null },
): Promise<boolean> {
  if (options.limit === null) return true;
  return (await countUsedConnections(executor, options.teamId)) < options.limit;
}

/**
 * A new connection. A BANK one starts PENDING with the operation id its widget opens with; a
 * FILE one (statements imported by hand) is usable at once. The plan's bank connections and
 * a name already used by a shown connection are refused.
 */
export async function createConnection(
  deps: Deps,
  options: {
    teamId: string;
    access: SubscriptionAccess;
    request: TCreateConnectionRequest;
    /** The token API's bank_name: the bank's name as the caller calls it. */
    bankName?: string | undefined;
  },
): Promise<TCreateConnectionResponse> {
  const { teamId, request } = options;
  const source = request.source ?? 'BANK';
  const bank =
    source === 'FILE' && request.bankCode
      ? await requireBank(deps, request.bankCode, options.bankName)
      : undefined;
  const limit = connectionLimit(options.access);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    await deleteAbandonedConnections(tx, teamId, new Date(now.getTime() - WIDGET_TTL_MILLISECONDS));
    if (!(await hasRoomForConnection(tx, { teamId, limit }))) {
      throw new AppError('PLAN_EXCEEDED', {
        message: `Your plan includes ${String(limit)} bank connections and they are all in use.`,
      });
    }
    const shown = (await findConnections(tx, teamId)).filter((item) => item.status !== 'PENDING');
    const name = request.conName.trim();
    if (shown.some((item) => item.name.toLowerCase() === name.toLowerCase())) {
      throw new AppError('CONFLICT', {
        reason: 'CONNECTION_EXISTS',
        message: 'There is already a connection with this name.',
        fields: { conName: FINANCIAL_VIEWER_VALIDATION.connectionExists },
      });
    }
    return insertConnection(tx, teamId, {
      name,
      source,
      status: source === 'FILE' ? 'OK' : 'PENDING',
      operationId: randomBytes(24).toString('base64url'),
      bankCode: bank?.code ?? null,
      bankName: bank ? options.bankName || bank.name : null,
      createdAt: now,
    });
  });
  return {
    ...toConnection(row, 0),
    widgetUrl: source === 'BANK' ? `/api/financialviewer/widget/${row.operationId}` : null,
  };
}

/** The PENDING connection a widget was opened for, while the widget may still finish it. */
export async function findWidgetConnection(
  deps: Deps,
  operationId: string,
): Promise<ConnectionRow | undefined> {
  const row = await findConnectionByOperation(deps.db, operationId);
  if (row?.status !== 'PENDING' || row.source !== 'BANK') return undefined;
  const age = deps.clock.now().getTime() - row.createdAt.getTime();
  return age <= WIDGET_TTL_MILLISECONDS ? row : undefined;
}

function widgetCallbackUrl(deps: Deps, operationId: string): string {
  return `${deps.config.publicUrl}/api/financialviewer/widget/${operationId}/callback`;
}

/**
 * The user chose a bank in the widget: a consent is started there and its address returned.
 * A team whose plan filled up since the widget opened is told so before going to the bank.
 */
export async function startBankConsent(
  deps: Deps,
  options: { operationId: string; bankCode: string },
): Promise<{ link: string } | { outcome: FlowOutcome } | undefined> {
  const row = await findWidgetConnection(deps, options.operationId);
  if (!row) return undefined;
  const bank = await findBank(deps, options.bankCode);
  if (!bank) return undefined;
  const limit = await teamConnectionLimit(deps, row.teamId);
  if (!(await hasRoomForConnection(deps.db, { teamId: row.teamId, limit }))) {
    await deleteConnectionRow(deps.db, row.teamId, row.id);
    return { outcome: 'planExceeded' };
  }
  const consent = await deps.banking.startConnection({
    bankCode: bank.code,
    reference: options.operationId,
    redirectUrl: widgetCallbackUrl(deps, options.operationId),
  });
  await updateConnection(deps.db, row.teamId, row.id, {
    provider: deps.banking.provider,
    externalId: consent.consentId,
    bankCode: bank.code,
    bankName: bank.name,
  });
  return { link: consent.link };
}

/**
 * The bank sent the user back. A consent given makes the connection UPDATING while a job
 * reads its accounts and transactions; a refused or cancelled one drops the attempt. The
 * plan's limit is checked again under the team lock: several widgets opened at once must not
 * all become connections, so the ones beyond it are dropped and their consent ended.
 */
export async function finishBankConsent(
  deps: Deps,
  options: { operationId: string; redirectError?: string | undefined },
): Promise<FlowOutcome> {
  const row = await findWidgetConnection(deps, options.operationId);
  if (!row?.externalId) return 'failed';
  const consentId = row.externalId;
  let status: 'linked' | 'rejected';
  try {
    ({ status } = await deps.banking.completeConnection({
      consentId,
      redirectError: options.redirectError,
    }));
  } catch (error) {
    deps.log.warn({ err: error, connectionId: row.id }, 'bank consent could not be read');
    return 'failed';
  }
  if (status === 'rejected') {
    await deleteConnectionRow(deps.db, row.teamId, row.id);
    return 'cancelled';
  }
  const limit = await teamConnectionLimit(deps, row.teamId);
  const outcome = await deps.db.transaction(async (tx): Promise<FlowOutcome> => {
    await lockTeam(tx, row.teamId);
    const current = await findConnection(tx, row.teamId, row.id);
    if (current?.status !== 'PENDING') return 'failed';
    if (!(await hasRoomForConnection(tx, { teamId: row.teamId, limit }))) {
      await deleteConnectionRow(tx, row.teamId, row.id);
      return 'planExceeded';
    }
    await updateConnection(tx, row.teamId, row.id, { status: 'UPDATING', statusReason: null });
    await deps.jobs.enqueue(
      SYNC_CONNECTION_JOB,
      { teamId: row.teamId, connectionId: row.id },
      { tx },
    );
    return 'completed';
  });
  if (outcome === 'planExceeded') await endConsent(deps, { consentId, connectionId: row.id });
  return outcome;
}

/** Ends a consent at the bank; one already gone there is only logged. */
async function endConsent(
  deps: Deps,
  options: { consentId: string; connectionId: string },
): Promise<void> {
  try {
    await deps.banking.removeConnection({ consentId: options.consentId });
  } catch (error) {
    if (!(error instanceof AggregatorError)) throw error;
    deps.log.warn(
      { err: error.message, connectionId: options.connectionId },
      'bank consent not removed',
    );
  }
}

/** Starts reading the days since the last refresh (as a job); the list shows UPDATING. */
export async function refreshConnection(
  deps: Deps,
  options: { teamId: string; connectionId: string },
): Promise<TConnection> {
  const row = await findConnection(deps.db, options.teamId, options.connectionId);
  if (!row || row.status === 'PENDING') throw new AppError('NOT_FOUND');
  if (row.source !== 'BANK') {
    throw new AppError('BUSINESS_RULE', {
      reason: 'STATEMENTS_REFRESH_BY_IMPORT',
      message: 'A connection of imported statements is refreshed by importing a new statement.',
    });
  }
  if (row.status !== 'UPDATING') {
    await deps.db.transaction(async (tx) => {
      await updateConnection(tx, options.teamId, row.id, { status: 'UPDATING' });
      await deps.jobs.enqueue(SYNC_CONNECTION_JOB, options, { tx });
    });
  }
  return getConnection(deps, options);
}

/** Removes the connection with its accounts and transactions, and ends the bank consent. */
export async function removeConnection(
  deps: Deps,
  options: { teamId: string; connectionId: string },
): Promise<void> {
  const row = await findConnection(deps.db, options.teamId, options.connectionId);
  if (!row) throw new AppError('NOT_FOUND');
  // The consent may be gone at the bank already; the data here goes all the same.
  if (row.externalId) await endConsent(deps, { consentId: row.externalId, connectionId: row.id });
  await deps.db.transaction(async (tx) => {
    await deleteConnectionRow(tx, options.teamId, row.id);
    await bumpDataVersion(tx, options.teamId);
  });
}
