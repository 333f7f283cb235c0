import { createHash } from 'node:crypto';
import type { AccountSubtype, AccountType } from '@app/contracts/financial-viewer';
import {
  AggregatorError,
  type AggregatorAccount,
  type AggregatorBank,
  type AggregatorTransaction,
} from '../aggregator.js';

/** The shapes GoCardless Bank Account Data answers with (API v2), as far as we read them. */

export type GoCardlessInstitution = {
  id: string;
  name: string;
  bic?: string;
  /** A number as a string: how many days of history the bank gives. */
  transaction_total_days?: string | number;
  max_access_valid_for_days?: string | number;
  countries?: string[];
  logo?: string;
};

export type GoCardlessRequisition = {
  id: string;
  status: string;
  institution_id?: string;
  agreement?: string;
  reference?: string;
  accounts?: string[];
  link?: string;
};

export type GoCardlessAccountMetadata = {
  id: string;
  status?: string;
  iban?: string;
  owner_name?: string;
};

export type GoCardlessAccountDetails = {
  account?: {
    resourceId?: string;
    iban?: string;
    bban?: string;
    maskedPan?: string;
    name?: string;
    displayName?: string;
    product?: string;
    ownerName?: string;
    currency?: string;
    cashAccountType?: string;
  };
};

type Money = { amount?: string | number; currency?: string };

export type GoCardlessBalance = {
  balanceAmount?: Money;
  balanceType?: string;
  referenceDate?: string;
};

export type GoCardlessTransaction = {
  transactionId?: string;
  internalTransactionId?: string;
  entryReference?: string;
  endToEndId?: string;
  bookingDate?: string;
  bookingDateTime?: string;
  valueDate?: string;
  transactionAmount?: Money;
  balanceAfterTransaction?: { balanceAmount?: Money; balanceType?: string };
  creditorName?: string;
  creditorAccount?: { iban?: string };
  debtorName?: string;
  debtorAccount?: { iban?: string };
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  remittanceInformationStructured?: string;
  remittanceInformationStructuredArray?: string[];
  additionalInformation?: string;
  proprietaryBankTransactionCode?: string;
};

/** Where GoCardless keeps institution logos; the CSP's img-src allows these when it is on. */
export const GOCARDLESS_LOGO_SOURCES = [
  'https://cdn.nordigen.com/',
  'https://cdn-logos.gocardless.com/',
  'https://storage.googleapis.com/gc-prd-institution_icons-production/',
] as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT_PATTERN = /^([+-])?(\d+)(?:\.(\d*))?$/;
const MAX_DESCRIPTION_LENGTH = 500;

function unreadable(what: string): AggregatorError {
  return new AggregatorError('BANK_UNAVAILABLE', `GoCardless sent ${what} we cannot read.`);
}

/**
 * A decimal amount as the API writes it ("1234.56", "-0.10", "12") in integer cents, read
 * digit by digit so no float rounding creeps in; a third decimal rounds half away from zero.
 */
export function toCents(amount: string | number | undefined): number {
  const text = typeof amount === 'number' ? String(amount) : (amount ?? '').trim();
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) throw unreadable('an amount');
  const [, sign, whole = '0', fraction = ''] = match;
  let cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  if (Number(fraction.charAt(2) || '0') >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw unreadable('an amount');
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Initials on a grey square, for an institution whose logo is not on a known https host. */
function fallbackLogo(name: string): string {
  const initial = (name.trim().charAt(0) || '?').toUpperCase().replace(/[<>&"']/g, '?');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" rx="14" fill="#5B6475"/>' +
    '<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="30" font-weight="700" fill="#FFFFFF">' +
    `${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function isAllowedLogo(logo: string | undefined): logo is string {
  return (
    typeof logo === 'string' && GOCARDLESS_LOGO_SOURCES.some((source) => logo.startsWith(source))
  );
}

export function toAggregatorBank(
  institution: GoCardlessInstitution,
  countryCode: string | undefined,
): AggregatorBank {
  const countries = institution.countries ?? [];
  return {
    code: institution.id,
    name: institution.name,
    countryCode:
      (countryCode && countries.includes(countryCode) ? countryCode : countries[0]) ?? '',
    logo: isAllowedLogo(institution.logo) ? institution.logo : fallbackLogo(institution.name),
  };
}

/** A positive whole number from the API's string or number (days, seconds), else `fallback`. */
export function positiveInteger(value: unknown, fallback: number): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number.parseInt(value, 10)
        : NaN;
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** ISO 20022 cash account types (ExternalCashAccountType1Code) to our type and subtype. */
const SUBTYPE_BY_CASH_ACCOUNT_TYPE: Record<string, AccountSubtype> = {
  CACC: 'CHECKING',
  CASH: 'CHECKING',
  TRAN: 'CHECKING',
  CISH: 'CHECKING',
  SACC: 'CHECKING',
  SVGS: 'SAVING',
  LLSV: 'SAVING',
  ONDP: 'SAVING',
  MOMA: 'MONEY_MARKET',
};

function accountKind(details: NonNullable<GoCardlessAccountDetails['account']>): {
  type: AccountType;
  subtype: AccountSubtype;
} {
  const cashAccountType = details.cashAccountType?.toUpperCase();
  const isCard = cashAccountType === 'CARD' || (!details.iban && Boolean(details.maskedPan));
  if (isCard) {
    const label = `${details.product ?? ''} ${details.name ?? ''}`.toLowerCase();
    if (/prepa(id|go)/.test(label)) return { type: 'CARD', subtype: 'PREPAID' };
    if (/debit|débito|debito/.test(label)) return { type: 'CARD', subtype: 'DEBIT' };
    return { type: 'CARD', subtype: 'CREDIT' };
  }
  return {
    type: 'ACCOUNT',
    subtype: SUBTYPE_BY_CASH_ACCOUNT_TYPE[cashAccountType ?? ''] ?? 'CHECKING',
  };
}

/** The IBAN in groups of four; a masked card number as `4921 81** **** 1234`. */
function displayNumber(
  details: NonNullable<GoCardlessAccountDetails['account']>,
  metadata: GoCardlessAccountMetadata,
): string {
  const iban = (details.iban ?? metadata.iban)?.replace(/\s+/g, '').toUpperCase();
  if (iban) return iban.replace(/(.{4})(?=.)/g, '$1 ');
  if (details.maskedPan) {
    const pan = details.maskedPan.replace(/\s+/g, '').replace(/[xX]/g, '*');
    return pan.length === 16 ? pan.replace(/(.{4})(?=.)/g, '$1 ') : pan;
  }
  return details.bban ?? details.resourceId ?? metadata.id;
}

const CURRENT_BALANCE_TYPES = ['interimBooked', 'closingBooked', 'expected', 'openingBooked'];
const AVAILABLE_BALANCE_TYPES = [
  'interimAvailable',
  'closingAvailable',
  'forwardAvailable',
  'expected',
];

function pickBalance(
  balances: GoCardlessBalance[],
  types: string[],
): GoCardlessBalance | undefined {
  for (const type of types) {
    const found = balances.find((balance) => balance.balanceType === type);
    if (found) return found;
  }
  return undefined;
}

/**
 * One account from its metadata, details and balances. The current balance is the booked one
 * (intraday `interimBooked` first, then `closingBooked`, then `expected`), so it matches the
 * booked transactions stored; the available one is what the bank says can be spent.
 */
export function toAggregatorAccount(options: {
  metadata: GoCardlessAccountMetadata;
  details: GoCardlessAccountDetails;
  balances: GoCardlessBalance[];
}): AggregatorAccount {
  const { metadata, balances } = options;
  const details = options.details.account ?? {};
  const currency = (
    details.currency ??
    balances.find((balance) => balance.balanceAmount?.currency)?.balanceAmount?.currency ??
    'EUR'
  ).toUpperCase();
  const inCurrency = balances.filter(
    (balance) => (balance.balanceAmount?.currency ?? currency).toUpperCase() === currency,
  );
  const current = pickBalance(inCurrency, CURRENT_BALANCE_TYPES) ?? inCurrency[0];
  const available = pickBalance(inCurrency, AVAILABLE_BALANCE_TYPES) ?? current;
  const currentBalance = current ? toCents(current.balanceAmount?.amount) : 0;
  return {
    externalId: metadata.id,
    name:
      details.name ??
      details.displayName ??
      details.product ??
      details.ownerName ??
      metadata.owner_name ??
      'Account',
    number: displayNumber(details, metadata),
    ...accountKind(details),
    currency,
    currentBalance,
    availableBalance: available ? toCents(available.balanceAmount?.amount) : currentBalance,
  };
}

function cleanText(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * What the statement line says: the remittance information, else the other party (the
 * creditor of a payment, the debtor of a receipt), else the bank's additional information.
 */
export function describeTransaction(transaction: GoCardlessTransaction, amount: number): string {
  const counterparties =
    amount < 0
      ? [transaction.creditorName, transaction.debtorName]
      : [transaction.debtorName, transaction.creditorName];
  const candidates = [
    transaction.remittanceInformationUnstructured,
    transaction.remittanceInformationUnstructuredArray?.join(' '),
    transaction.remittanceInformationStructured,
    transaction.remittanceInformationStructuredArray?.join(' '),
    ...counterparties,
    transaction.additionalInformation,
    transaction.proprietaryBankTransactionCode,
  ];
  const description = candidates.map(cleanText).find((text) => text !== '') ?? '';
  return description.slice(0, MAX_DESCRIPTION_LENGTH);
}

/** A transaction's own fields, hashed, for the banks that give it no id. */
function fieldsHash(transaction: GoCardlessTransaction): string {
  const fields = [
    transaction.bookingDate,
    transaction.bookingDateTime,
    transaction.valueDate,
    transaction.transactionAmount?.amount,
    transaction.transactionAmount?.currency,
    transaction.entryReference,
    transaction.endToEndId,
    transaction.creditorName,
    transaction.creditorAccount?.iban,
    transaction.debtorName,
    transaction.debtorAccount?.iban,
    transaction.remittanceInformationUnstructured,
    transaction.remittanceInformationUnstructuredArray?.join('\u0001'),
    transaction.remittanceInformationStructured,
    transaction.additionalInformation,
    transaction.proprietaryBankTransactionCode,
  ].map((field) => (field === undefined ? '' : String(field)));
  return createHash('sha256').update(fields.join('\u0000')).digest('hex').slice(0, 32);
}

function dateOf(transaction: GoCardlessTransaction): string | undefined {
  const date = transaction.bookingDate ?? transaction.bookingDateTime?.slice(0, 10);
  return date && DATE_PATTERN.test(date) ? date : undefined;
}

/**
 * The booked transactions from `since` on, oldest first. The id is the bank's
 * `transactionId`, else its `internalTransactionId`, else a hash of the fields: two identical
 * lines of one day (two equal coffees) get `-2`, `-3`… so neither is taken for the other.
 * A line without a booking date cannot be placed and is left out.
 */
export function toAggregatorTransactions(
  booked: GoCardlessTransaction[],
  since: string,
): AggregatorTransaction[] {
  const dated = booked.flatMap((transaction) => {
    const date = dateOf(transaction);
    return date ? [{ transaction, operationDate: date }] : [];
  });
  // Banks list newest first: reversed, the lines of one day keep their booking order.
  const first = dated[0]?.operationDate ?? '';
  const last = dated.at(-1)?.operationDate ?? '';
  const ordered = first > last ? [...dated].reverse() : dated;
  const seen = new Map<string, number>();
  const transactions = ordered.map(({ transaction, operationDate }): AggregatorTransaction => {
    const valueDate =
      transaction.valueDate && DATE_PATTERN.test(transaction.valueDate)
        ? transaction.valueDate
        : operationDate;
    const amount = toCents(transaction.transactionAmount?.amount);
    let externalId = transaction.transactionId ?? transaction.internalTransactionId;
    if (!externalId) {
      const hash = `h_${fieldsHash(transaction)}`;
      const count = (seen.get(hash) ?? 0) + 1;
      seen.set(hash, count);
      externalId = count === 1 ? hash : `${hash}-${String(count)}`;
    }
    const balanceAmount = transaction.balanceAfterTransaction?.balanceAmount?.amount;
    return {
      externalId,
      amount,
      balance: balanceAmount === undefined ? null : toCents(balanceAmount),
      description: describeTransaction(transaction, amount),
      operationDate,
      valueDate,
    };
  });
  return transactions
    .filter((transaction) => transaction.operationDate >= since)
    .sort((a, b) =>
      a.operationDate < b.operationDate ? -1 : a.operationDate > b.operationDate ? 1 : 0,
    );
}
