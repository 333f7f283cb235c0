import type { Categorizer } from '@app/finance';
import type { Executor } from '../../db/client.js';
import {
  AggregatorError,
  type AggregatorAccount,
  type AggregatorTransaction,
} from '../../platform/banking/aggregator.js';
import type { Deps } from '../../platform/deps.js';
import { categorizeForStorage, loadCategorizer } from './categorisation.js';
import { isoDay, shiftDays } from './dates.js';
import {
  bumpDataVersion,
  findAccountByNumber,
  findConnection,
  findConnectionAccounts,
  insertAccount,
  insertTransactions,
  lastValueDate,
  rebuildDailyCashflow,
  updateAccount,
  updateConnection,
  type AccountRow,
} from './repository.js';

/** How far back a first read goes (banks give two years or more under PSD2 at the first consent). */
const FIRST_READ_DAYS = 3 * 366;
/** A refresh reads again the last days: banks book some card payments late. */
const REFRESH_OVERLAP_DAYS = 5;

type FetchedAccount = {
  account: AggregatorAccount;
  stored: AccountRow | undefined;
  transactions: AggregatorTransaction[];
};

function toStoredTransaction(transaction: AggregatorTransaction, categorizer: Categorizer) {
  return categorizeForStorage(categorizer, {
    amount: transaction.amount,
    balance: transaction.balance,
    description: transaction.description,
    operationDate: transaction.operationDate,
    valueDate: transaction.valueDate,
    externalId: transaction.externalId,
  });
}

/** Stores one account's new transactions and sets its balances to the bank's. */
async function storeAccount(
  deps: Deps,
  tx: Executor,
  options: {
    teamId: string;
    connectionId: string;
    fetched: FetchedAccount;
    categorizer: Categorizer;
  },
): Promise<void> {
  const { teamId, fetched } = options;
  let accountId = fetched.stored?.id;
  if (!accountId) {
    const sameNumber = await findAccountByNumber(tx, teamId, fetched.account.number);
    if (sameNumber) {
      deps.log.warn(
        { connectionId: options.connectionId, accountId: sameNumber.id },
        'bank account already belongs to another connection of the team; not added twice',
      );
      return;
    }
    const created = await insertAccount(tx, teamId, {
      connectionId: options.connectionId,
      externalId: fetched.account.externalId,
      name: fetched.account.name,
      number: fetched.account.number,
      type: fetched.account.type,
      subtype: fetched.account.subtype,
      currency: fetched.account.currency,
    });
    accountId = created.id;
  }
  await insertTransactions(
    tx,
    teamId,
    accountId,
    fetched.transactions.map((transaction) =>
      toStoredTransaction(transaction, options.categorizer),
    ),
  );
  const totals = await rebuildDailyCashflow(tx, teamId, accountId);
  await updateAccount(tx, teamId, accountId, {
    currentBalance: fetched.account.currentBalance,
    availableBalance: fetched.account.availableBalance,
    // The balance before the first stored transaction, so the history ends at the bank's.
    openingBalance: fetched.account.currentBalance - totals.sum,
  });
}

/**
 * The job behind a new connection and every refresh: reads the consent's accounts and the
 * transactions since the last read (all of them the first time) from the aggregator, then
 * stores them in one transaction. An aggregator refusal leaves the connection in ERROR or
 * EXPIRED with the reason's code; the data already stored stays.
 */
export async function syncConnection(
  deps: Deps,
  options: { teamId: string; connectionId: string },
): Promise<void> {
  const { teamId, connectionId } = options;
  const connection = await findConnection(deps.db, teamId, connectionId);
  if (!connection?.externalId) return;
  const consentId = connection.externalId;
  const today = isoDay(deps.clock.now());
  try {
    const storedAccounts = await findConnectionAccounts(deps.db, teamId, connectionId);
    const fetched: FetchedAccount[] = [];
    for (const account of await deps.banking.listAccounts({ consentId })) {
      const stored = storedAccounts.find((item) => item.externalId === account.externalId);
      const lastDate = stored ? await lastValueDate(deps.db, teamId, stored.id) : null;
      const since = lastDate
        ? shiftDays(lastDate, -REFRESH_OVERLAP_DAYS)
        : shiftDays(today, -FIRST_READ_DAYS);
      const transactions = await deps.banking.fetchTransactions({
        consentId,
        accountExternalId: account.externalId,
        since,
      });
      fetched.push({ account, stored, transactions });
    }
    const categorizer = await loadCategorizer(deps, deps.db, teamId);
    await deps.db.transaction(async (tx) => {
      for (const item of fetched) {
        await storeAccount(deps, tx, { teamId, connectionId, fetched: item, categorizer });
      }
      await bumpDataVersion(tx, teamId);
      await updateConnection(tx, teamId, connectionId, {
        status: 'OK',
        statusReason: null,
        lastRefreshAt: deps.clock.now(),
      });
    });
  } catch (error) {
    if (!(error instanceof AggregatorError)) {
      await updateConnection(deps.db, teamId, connectionId, {
        status: 'ERROR',
        statusReason: 'SYNC_FAILED',
      });
      throw error;
    }
    const isConsentGone = error.code === 'CONSENT_EXPIRED' || error.code === 'CONSENT_REJECTED';
    deps.log.warn({ connectionId, code: error.code }, 'bank connection could not be read');
    await updateConnection(deps.db, teamId, connectionId, {
      status: isConsentGone ? 'EXPIRED' : 'ERROR',
      statusReason: error.code,
    });
  }
}
