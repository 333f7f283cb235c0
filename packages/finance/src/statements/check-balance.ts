import type { BalanceCheck, BalanceMismatch, StatementTransaction } from './statement-types.js';

const MAX_LISTED_MISMATCHES = 50;

type ChainResult = {
  mismatches: BalanceMismatch[];
  checkedRows: number;
  openingBalance: number;
  closingBalance: number;
};

/** Walks transactions oldest first, comparing each stated balance with the previous one plus the amount. */
function walkChain(transactions: readonly StatementTransaction[]): ChainResult {
  const mismatches: BalanceMismatch[] = [];
  let checkedRows = 0;
  let running: number | null = null;
  let amountsBeforeFirstBalance = 0;
  let firstBalance = 0;
  for (const transaction of transactions) {
    if (running === null) {
      amountsBeforeFirstBalance += transaction.txAmount;
      if (transaction.txBalance !== null) {
        running = transaction.txBalance;
        firstBalance = transaction.txBalance;
      }
      continue;
    }
    running += transaction.txAmount;
    if (transaction.txBalance === null) continue;
    checkedRows++;
    if (transaction.txBalance !== running) {
      mismatches.push({ row: transaction.row, expected: running, actual: transaction.txBalance });
      // Start again from the stated balance, so one gap is reported once, not on every later row.
      running = transaction.txBalance;
    }
  }
  return {
    mismatches,
    checkedRows,
    openingBalance: firstBalance - amountsBeforeFirstBalance,
    closingBalance: running ?? 0,
  };
}

/**
 * Checks a statement's balance column against the running sum of its amounts. The rows
 * may run oldest first or newest first; the order that explains more balances is taken
 * (the dates decide a tie). Amounts and balances are cents.
 */
export function checkBalance(transactions: readonly StatementTransaction[]): BalanceCheck {
  if (!transactions.some((transaction) => transaction.txBalance !== null)) {
    return { status: 'not-available', reason: 'The statement gives no balance.' };
  }
  const ascending = walkChain(transactions);
  const descending = walkChain([...transactions].reverse());
  const first = transactions[0]?.txOperationDate ?? '';
  const last = transactions[transactions.length - 1]?.txOperationDate ?? '';
  const isDescending =
    descending.mismatches.length < ascending.mismatches.length ||
    (descending.mismatches.length === ascending.mismatches.length && first > last);
  const chain = isDescending ? descending : ascending;
  return {
    status: chain.mismatches.length === 0 ? 'ok' : 'mismatch',
    order: isDescending ? 'descending' : 'ascending',
    openingBalance: chain.openingBalance,
    closingBalance: chain.closingBalance,
    checkedRows: chain.checkedRows,
    mismatchCount: chain.mismatches.length,
    mismatches: chain.mismatches.slice(0, MAX_LISTED_MISMATCHES),
  };
}
