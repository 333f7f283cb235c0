/**
 * A bank transaction as the engine hands it over (spec: Transaction). Amounts are integer
 * cents, signed: money in is positive, money out negative. Dates are ISO `yyyy-mm-dd`.
 */
export type Transaction = {
  txAmount: number;
  /** The account balance after the transaction, when the statement gives it. */
  txBalance: number | null;
  txDescription: string;
  txValueDate: string;
  txOperationDate: string;
};

/** One day's net movement of an account, the input of cashflow and forecast. */
export type DailyAmount = { date: string; amount: number };
