import type { AccountSubtype, AccountType } from '@app/contracts/financial-viewer';

/** A bank the aggregator reaches (spec: Bank list entry). */
export type AggregatorBank = {
  code: string;
  name: string;
  /** ISO 3166 alpha-2. */
  countryCode: string;
  /** A data: URL (SVG drawn by us, never a fetched trademark) or an https address. */
  logo: string;
};

export type AggregatorAccount = {
  /** The aggregator's account id. */
  externalId: string;
  name: string;
  /** IBAN for accounts, the masked or grouped card number for cards. */
  number: string;
  type: AccountType;
  subtype: AccountSubtype;
  currency: string;
  /** Integer cents. */
  currentBalance: number;
  availableBalance: number;
};

export type AggregatorTransaction = {
  /** Stable across fetches, so a refresh never stores a transaction twice. */
  externalId: string;
  /** Signed integer cents: money in positive. */
  amount: number;
  /** The balance after it, when the bank gives it. */
  balance: number | null;
  description: string;
  /** ISO yyyy-mm-dd. */
  operationDate: string;
  valueDate: string;
};

/** Why a consent can no longer be read; the connection goes to ERROR or EXPIRED with it. */
export type AggregatorErrorCode =
  | 'CONSENT_EXPIRED'
  | 'CONSENT_REJECTED'
  | 'RATE_LIMITED'
  | 'BANK_UNAVAILABLE'
  | 'NOT_FOUND'
  | 'INVALID_REQUEST';

export class AggregatorError extends Error {
  constructor(
    readonly code: AggregatorErrorCode,
    message: string,
    /** Seconds until a rate limit resets, when the provider says. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Bank aggregation (PSD2 account information) behind one interface: the built-in sandbox
 * and GoCardless Bank Account Data implement it.
 *
 * Flow: `startConnection` creates a consent for a bank and returns the address the user
 * opens (the bank's consent pages); the bank sends the user back to `redirectUrl` with
 * `?ref={reference}` (and `&error=…` when refused or cancelled); then `completeConnection`
 * tells whether the consent was given, and accounts and transactions can be read.
 */
export type BankAggregator = {
  readonly provider: string;
  listBanks(options: { countryCode?: string }): Promise<AggregatorBank[]>;
  startConnection(options: {
    bankCode: string;
    /** Our id of the attempt (the connection's operation id). */
    reference: string;
    redirectUrl: string;
  }): Promise<{ consentId: string; link: string }>;
  /**
   * Whether the user gave consent: `linked`, or `rejected` (cancelled, refused, expired).
   * `redirectError` is the `error` the user came back with, when there was one: a real provider
   * may leave a cancelled consent in the state the user left it rather than mark it refused.
   */
  completeConnection(options: {
    consentId: string;
    redirectError?: string | undefined;
  }): Promise<{ status: 'linked' | 'rejected' }>;
  listAccounts(options: { consentId: string }): Promise<AggregatorAccount[]>;
  /** Booked transactions from `since` (inclusive) to today, oldest first. */
  fetchTransactions(options: {
    consentId: string;
    accountExternalId: string;
    since: string;
  }): Promise<AggregatorTransaction[]>;
  removeConnection(options: { consentId: string }): Promise<void>;
};
