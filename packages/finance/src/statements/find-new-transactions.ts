import type { Transaction } from '../types.js';

const MIN_PREFIX_LENGTH = 10;

function normalizeDescription(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function dayAmountKey(transaction: Transaction): string {
  return `${transaction.txOperationDate}|${String(transaction.txAmount)}`;
}

type Described = { description: string; balance: number | null };

type Candidate = { transaction: Transaction; described: Described | undefined; isUsed: boolean };

function describe(transaction: Transaction): Described {
  return {
    description: normalizeDescription(transaction.txDescription),
    balance: transaction.txBalance,
  };
}

type MatchRule = (incoming: Described, existing: Described) => boolean;

const MATCH_RULES: readonly MatchRule[] = [
  (incoming, existing) => incoming.description === existing.description,
  (incoming, existing) => incoming.balance !== null && incoming.balance === existing.balance,
  // One export cuts descriptions shorter than another (Mediolanum: 40 characters).
  (incoming, existing) => {
    const [shorter, longer] =
      incoming.description.length <= existing.description.length
        ? [incoming.description, existing.description]
        : [existing.description, incoming.description];
    return shorter.length >= MIN_PREFIX_LENGTH && longer.startsWith(shorter);
  },
];

export type NewTransactionsResult<T extends Transaction> = {
  newTransactions: T[];
  duplicates: T[];
};

/**
 * Splits an import into the transactions the account does not have yet and the ones it
 * already has, so a re-import (or an overlapping statement) adds only new rows. A match
 * needs the same operation date and amount, and then the same description (ignoring case,
 * accents, spacing and punctuation), else the same stated balance, else one description
 * being the start of the other. Each existing transaction absorbs at most one incoming row,
 * so two identical purchases on one day are two transactions.
 */
export function findNewTransactions<T extends Transaction>(options: {
  existing: readonly Transaction[];
  incoming: readonly T[];
}): NewTransactionsResult<T> {
  const pool = new Map<string, Candidate[]>();
  for (const transaction of options.existing) {
    const key = dayAmountKey(transaction);
    const candidates = pool.get(key) ?? [];
    candidates.push({ transaction, described: undefined, isUsed: false });
    pool.set(key, candidates);
  }
  // Only rows whose day and amount the account already has are compared, so only theirs are
  // normalised: a large import into an account with no overlap normalises nothing.
  const incoming = options.incoming.map((transaction) => {
    const candidates = pool.get(dayAmountKey(transaction));
    return {
      transaction,
      candidates,
      described: candidates === undefined ? undefined : describe(transaction),
      isDuplicate: false,
    };
  });
  for (const rule of MATCH_RULES) {
    for (const item of incoming) {
      const { described } = item;
      if (item.isDuplicate || described === undefined) continue;
      const match = item.candidates?.find((existing) => {
        if (existing.isUsed) return false;
        existing.described ??= describe(existing.transaction);
        return rule(described, existing.described);
      });
      if (match === undefined) continue;
      match.isUsed = true;
      item.isDuplicate = true;
    }
  }
  return {
    newTransactions: incoming.filter((item) => !item.isDuplicate).map((item) => item.transaction),
    duplicates: incoming.filter((item) => item.isDuplicate).map((item) => item.transaction),
  };
}
