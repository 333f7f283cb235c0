import type {
  TAccount,
  TAccountsResponse,
  TConnection,
  TStatementPreview,
  TTransaction,
} from '@app/contracts/financial-viewer';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { buildPlan, buildUser } from '../../../test/fixtures';

let sequence = 0;
/** A fresh uuid-shaped id per call, stable in shape for the contracts' uuid checks. */
export function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

export function buildConnection(overrides: Partial<TConnection> = {}): TConnection {
  return {
    conId: nextId(),
    conName: 'Main bank',
    conSource: 'BANK',
    conEntityCode: 'BBVA',
    conEntityName: 'BBVA',
    conStatus: 'OK',
    conStatusReason: null,
    conLastRefreshDate: '2026-11-20T10:30:00Z',
    conOperationId: 'op-1',
    conUploadedFile: null,
    conAccountCount: 1,
    ...overrides,
  };
}

export function buildAccount(overrides: Partial<TAccount> = {}): TAccount {
  return {
    accountId: nextId(),
    accountName: 'Operating account',
    accountNumber: 'ES76 0182 0000 0000 0000 0001',
    accountType: 'ACCOUNT',
    accountSubtype: 'CHECKING',
    accountCurrency: 'EUR',
    accountCompanyName: 'Acme',
    accountCurrentBalance: 123456,
    accountAvailableBalance: 120000,
    conId: nextId(),
    conName: 'Main bank',
    entCode: 'BBVA',
    entName: 'BBVA',
    ...overrides,
  };
}

export function buildAccountsResponse(
  accounts: TAccount[],
  summary: Partial<TAccountsResponse['summary']> = {},
): TAccountsResponse {
  return {
    accounts,
    summary: {
      entities: new Set(accounts.map((account) => account.entCode)).size,
      accounts: accounts.filter((account) => account.accountType === 'ACCOUNT').length,
      cards: accounts.filter((account) => account.accountType === 'CARD').length,
      totalBalance: accounts.reduce((sum, account) => sum + account.accountCurrentBalance, 0),
      totalAvailable: accounts.reduce((sum, account) => sum + account.accountAvailableBalance, 0),
      rates: { source: 'ecb', date: '2026-11-24', rates: { USD: 1.05 } },
      currenciesAtPar: [],
      ...summary,
    },
  };
}

export function buildTransaction(overrides: Partial<TTransaction> = {}): TTransaction {
  return {
    txId: nextId(),
    txAmount: -4550,
    txBalance: 100000,
    txDescription: 'Coffee shop',
    txValueDate: '2026-11-02',
    txOperationDate: '2026-11-01',
    txCurrency: 'EUR',
    accountId: nextId(),
    accountName: 'Operating account',
    conId: nextId(),
    category: {
      catId: 201,
      description: 'Restaurants',
      parentId: 2,
      parentDescription: 'Food Dining',
      color: '#ff9800',
    },
    categoryConfidence: 0.9,
    isCategoryManual: false,
    ...overrides,
  };
}

export function buildPreview(overrides: Partial<TStatementPreview> = {}): TStatementPreview {
  return {
    fileName: 'statement.csv',
    sizeBytes: 2048,
    format: 'csv',
    columns: [
      { index: 0, header: 'Date', role: 'operationDate', confidence: 0.9 },
      { index: 1, header: 'Concept', role: 'description', confidence: 0.8 },
      { index: 2, header: 'Amount', role: 'amount', confidence: 0.9 },
      { index: 3, header: 'Balance', role: 'balance', confidence: 0.7 },
    ],
    mapping: { headerRow: 1, operationDate: 0, description: [1], amount: 2, balance: 3 },
    rows: [
      ['Date', 'Concept', 'Amount', 'Balance'],
      ['01/11/2026', 'Salary', '2000,00', '3000,00'],
      ['02/11/2026', 'Rent', '-800,00', '2200,00'],
    ],
    headerRow: 1,
    transactionCount: 2,
    errorCount: 0,
    sample: [],
    total: 120000,
    firstDate: '2026-11-01',
    lastDate: '2026-11-02',
    ...overrides,
  };
}

/** The current-plan answer: subscribed (ACTIVE) to a plan with `banks` connections, or not. */
/** The Financial Viewer access call's answer: subscribed with a plan of `banks` connections. */
export function accessResponse(options: { subscribed: boolean; banks?: number | null }) {
  const { subscribed, banks = 5 } = options;
  if (!subscribed) return { isSubscribed: false, plan: null };
  return {
    isSubscribed: true,
    plan: buildPlan({ planId: 'plan-fv', planName: 'Business', planOutputsLimitMonthly: banks }),
  };
}

/** Signs a user in for a page test (token and user query), as the app shell would. */
export function signIn(overrides: Parameters<typeof buildUser>[0] = {}) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser(overrides));
}
