import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../clock.js';
import {
  AggregatorError,
  type AggregatorAccount,
  type AggregatorBank,
  type BankAggregator,
} from '../aggregator.js';
import { ACCOUNT_KINDS, describeAccount, type AccountKind } from './accounts.js';
import { SANDBOX_BANKS, findSandboxBank, type SandboxBank } from './banks.js';
import { parseIsoDate, toIsoDate, dayOf } from './calendar.js';
import { generateHistory, type BusinessHistory } from './history.js';
import {
  expireRequisition,
  findRequisition,
  insertRequisition,
  type RequisitionRow,
} from './repository.js';

/** How long a consent lasts once given, as PSD2 account-information consents usually do. */
export const SANDBOX_CONSENT_DAYS = 90;

/** `req_` and 24 hex digits: anything else is refused before the database is asked. */
export const REQUISITION_ID_PATTERN = /^req_[0-9a-f]{24}$/;
/** Histories kept for the consents read lately: a refresh reads three accounts in a row. */
const HISTORY_CACHE_SIZE = 16;

export type SandboxAggregatorOptions = { db: Database; clock: Clock; publicUrl: string };

function toAggregatorBank(bank: SandboxBank): AggregatorBank {
  return { code: bank.code, name: bank.name, countryCode: bank.countryCode, logo: bank.logo };
}

function isAccountKind(kind: string): kind is AccountKind {
  return (ACCOUNT_KINDS as readonly string[]).includes(kind);
}

function checkRedirectUrl(redirectUrl: string): void {
  let protocol = '';
  try {
    protocol = new URL(redirectUrl).protocol;
  } catch {
    // An address that does not parse is refused below, like one of another scheme.
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new AggregatorError('INVALID_REQUEST', 'The redirect must be an http(s) address.');
  }
}

/**
 * The built-in bank aggregator: consents live in `bank_sandbox_requisitions`, the user gives
 * them in the sandbox bank's pages (consent-routes.ts), and every account's history is
 * generated from the consent's id, so a refresh finds the same transactions and new days.
 */
export function createSandboxAggregator(options: SandboxAggregatorOptions): BankAggregator {
  const { db, clock } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const histories = new Map<string, BusinessHistory>();

  async function readRequisition(consentId: string): Promise<RequisitionRow> {
    const row = REQUISITION_ID_PATTERN.test(consentId)
      ? await findRequisition(db, consentId)
      : undefined;
    if (!row) throw new AggregatorError('NOT_FOUND', 'No such requisition.');
    return row;
  }

  async function readLinkedRequisition(consentId: string): Promise<RequisitionRow> {
    const row = await readRequisition(consentId);
    const linkedAt = row.linkedAt?.getTime() ?? 0;
    const isOutdated = linkedAt + SANDBOX_CONSENT_DAYS * 86_400_000 < clock.now().getTime();
    if (row.status === 'LN' && isOutdated) await expireRequisition(db, row.id);
    if (row.status === 'EX' || (row.status === 'LN' && isOutdated)) {
      throw new AggregatorError('CONSENT_EXPIRED', 'The consent has expired.');
    }
    if (row.status === 'RJ') throw new AggregatorError('CONSENT_REJECTED', 'The user refused.');
    if (row.status === 'CR') {
      throw new AggregatorError('INVALID_REQUEST', 'The user has not given consent yet.');
    }
    return row;
  }

  function historyOf(row: RequisitionRow): BusinessHistory {
    const until = toIsoDate(dayOf(clock.now()));
    const key = `${row.id}|${until}`;
    let history = histories.get(key);
    if (!history) {
      history = generateHistory({
        seed: row.id,
        anchorDate: toIsoDate(dayOf(row.createdAt)),
        until,
      });
      if (histories.size >= HISTORY_CACHE_SIZE) {
        histories.delete(histories.keys().next().value ?? '');
      }
      histories.set(key, history);
    }
    return history;
  }

  function consentedAccounts(row: RequisitionRow): { id: string; kind: AccountKind }[] {
    return row.accounts.flatMap((account) =>
      isAccountKind(account.kind) ? [{ id: account.id, kind: account.kind }] : [],
    );
  }

  return {
    provider: 'sandbox',

    async listBanks({ countryCode }) {
      const country = countryCode?.toUpperCase();
      return SANDBOX_BANKS.filter((bank) => !country || bank.countryCode === country).map(
        toAggregatorBank,
      );
    },

    async startConnection({ bankCode, reference, redirectUrl }) {
      if (!findSandboxBank(bankCode)) throw new AggregatorError('NOT_FOUND', 'No such bank.');
      if (!reference || reference.length > 200) {
        throw new AggregatorError(
          'INVALID_REQUEST',
          'The reference must have 1 to 200 characters.',
        );
      }
      checkRedirectUrl(redirectUrl);
      const id = `req_${randomBytes(12).toString('hex')}`;
      await insertRequisition(db, {
        id,
        institutionId: bankCode,
        reference,
        redirectUrl,
        status: 'CR',
        createdAt: clock.now(),
      });
      return { consentId: id, link: `${publicUrl}/api/sandbox-bank/consent/${id}` };
    },

    async completeConnection({ consentId }) {
      const row = await readRequisition(consentId);
      return { status: row.status === 'LN' ? 'linked' : 'rejected' };
    },

    async listAccounts({ consentId }) {
      const row = await readLinkedRequisition(consentId);
      const bank = findSandboxBank(row.institutionId);
      if (!bank) throw new AggregatorError('BANK_UNAVAILABLE', 'The bank is no longer offered.');
      const { balances } = historyOf(row);
      return consentedAccounts(row).map(({ id, kind }): AggregatorAccount => {
        const details = describeAccount({ seed: row.id, bank, kind });
        const balance = balances[kind];
        return {
          externalId: id,
          name: details.name,
          number: details.number,
          type: details.type,
          subtype: details.subtype,
          currency: details.currency,
          currentBalance: balance,
          availableBalance:
            details.creditLimitCents === null ? balance : details.creditLimitCents + balance,
        };
      });
    },

    async fetchTransactions({ consentId, accountExternalId, since }) {
      if (parseIsoDate(since) === undefined) {
        throw new AggregatorError('INVALID_REQUEST', 'since must be a date as yyyy-mm-dd.');
      }
      const row = await readLinkedRequisition(consentId);
      const account = consentedAccounts(row).find((item) => item.id === accountExternalId);
      if (!account) throw new AggregatorError('NOT_FOUND', 'No such account in this consent.');
      return historyOf(row).transactions(account.kind, since);
    },

    async removeConnection({ consentId }) {
      const row = await readRequisition(consentId);
      await expireRequisition(db, row.id);
    },
  };
}
