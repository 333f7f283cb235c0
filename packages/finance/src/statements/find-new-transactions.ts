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
  const pool = new Map<string, (Described & { isUsed: boolean })[]>();
  for (const transaction of options.existing) {
    const key = dayAmountKey(transaction);
    const candidates = pool.get(key) ?? [];
    candidates.push({
      description: normalizeDescription(transaction.txDescription),
      balance: transaction.txBalance,
      isUsed: false,
    });
    pool.set(key, candidates);
  }
  const incoming = options.incoming.map((transaction) => ({
    transaction,
    described: {
      description: normalizeDescription(transaction.txDescription),
      balance: transaction.txBalance,
    },
    isDuplicate: false,
  }));
  for (const rule of MATCH_RULES) {
    for (const item of incoming) {
      if (item.isDuplicate) continue;
      const match = pool
        .get(dayAmountKey(item.transaction))
        ?.find((existing) => !existing.isUsed && rule(item.described, existing));
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
