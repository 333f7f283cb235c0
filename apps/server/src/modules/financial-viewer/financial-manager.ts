import { VALIDATION } from '@app/contracts';
import {
  FINANCIAL_VIEWER_NEURON,
  type AccountType,
  type TManualAccount,
} from '@app/contracts/financial-viewer';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import { toEuroCents } from '../../platform/exchange-rates.js';
import type { SubscriptionAccess } from '../billing/subscriptions.js';
import { meterCall } from '../neuron-access/service.js';
import { addManualAccounts, requireTeamAccounts } from './accounts.js';
import { getCashflow, refreshForecasts, updateCashflow } from './cashflow.js';
import { createConnection, removeConnection } from './connections.js';
import { importStatement, type StatementUpload } from './statement-import.js';
import { countTransactions, resolveScope } from './transactions-repository.js';

/**
 * The financial manager service (spec §7): the Financial Viewer's operations for a program
 * holding the subscription's access token. Every call goes through the neuron's token check
 * and call meter; a `team_id` other than the token's team is refused.
 */
export function callFinancialManager<T>(
  deps: Deps,
  options: {
    token: string | undefined;
    teamId?: string | undefined;
    endpoint: string;
    run: (access: SubscriptionAccess) => Promise<T>;
    units?: (result: T) => number;
  },
): Promise<T> {
  return meterCall(deps, {
    token: options.token,
    neuronId: FINANCIAL_VIEWER_NEURON,
    endpoint: options.endpoint,
    run: async (access) => {
      if (options.teamId !== undefined && options.teamId !== access.teamId) {
        throw new AppError('FORBIDDEN', { message: 'team_id is not the team of this token.' });
      }
      const result = await options.run(access);
      return { result, statusCode: 200, units: options.units?.(result) ?? 1 };
    },
  });
}

export async function managerAddConnection(
  deps: Deps,
  access: SubscriptionAccess,
  options: { name: string; bankCode: string; bankName: string | undefined },
): Promise<{ con_id: string }> {
  const created = await createConnection(deps, {
    teamId: access.teamId,
    access,
    request: { conName: options.name, source: 'FILE', bankCode: options.bankCode },
    bankName: options.bankName,
  });
  return { con_id: created.conId };
}

export async function managerAddAccount(
  deps: Deps,
  access: SubscriptionAccess,
  options: { connectionId: string; accounts: TManualAccount[] },
): Promise<{ account_ids: string[] }> {
  const ids = await addManualAccounts(deps, { teamId: access.teamId, ...options });
  return { account_ids: ids };
}

/** Imports into an account of the connection `conn_id` names: another's account is not found. */
export async function managerImportFile(
  deps: Deps,
  access: SubscriptionAccess,
  options: {
    connectionId: string;
    accountId: string;
    accountType: AccountType | undefined;
    upload: StatementUpload;
    initialBalance: number | undefined;
  },
) {
  if (options.accountType) {
    const [account] = await requireTeamAccounts(deps, {
      teamId: access.teamId,
      accountIds: [options.accountId],
    });
    if (account && account.type !== options.accountType) {
      throw validationError(
        { accounts_type: VALIDATION.invalid },
        `The account is of type ${account.type}, not ${options.accountType}.`,
      );
    }
  }
  return importStatement(deps, {
    teamId: access.teamId,
    accountId: options.accountId,
    connectionId: options.connectionId,
    upload: options.upload,
    mapping: undefined,
    initialBalance: options.initialBalance,
  });
}

export async function managerBalances(
  deps: Deps,
  access: SubscriptionAccess,
  accountIds: string[],
) {
  const [accounts, rates] = await Promise.all([
    requireTeamAccounts(deps, { teamId: access.teamId, accountIds }),
    deps.exchangeRates.get(),
  ]);
  return {
    accounts: accounts.map((account) => ({
      account_id: account.id,
      balance: account.currentBalance,
      currency: account.currency,
    })),
    total_balance: accounts.reduce(
      (sum, account) => sum + toEuroCents(account.currentBalance, account.currency, rates),
      0,
    ),
  };
}

export async function managerSummary(
  deps: Deps,
  access: SubscriptionAccess,
  options: { accountIds: string[]; dateStart: string; dateEnd: string },
) {
  await requireTeamAccounts(deps, { teamId: access.teamId, accountIds: options.accountIds });
  const selection = { teamId: access.teamId, accountIds: options.accountIds };
  const [cashflow, transactions] = await Promise.all([
    getCashflow(deps, { ...selection, dateFrom: options.dateStart, dateTo: options.dateEnd }),
    resolveScope(deps.db, access.teamId, {
      accountIds: options.accountIds,
      valueDateFrom: options.dateStart,
      valueDateTo: options.dateEnd,
      amountSign: 'all',
    }).then((scope) => countTransactions(deps.db, scope)),
  ]);
  const incomes = cashflow.daily.reduce((sum, row) => sum + row.cashflow_income, 0);
  const expenses = cashflow.daily.reduce((sum, row) => sum + row.cashflow_expense, 0);
  return {
    incomes,
    expenses,
    cashflow: incomes - expenses,
    balance: cashflow.daily.at(-1)?.cashflow_balance ?? 0,
    transactions,
  };
}

export async function managerRemoveConnection(
  deps: Deps,
  access: SubscriptionAccess,
  connectionId: string,
): Promise<{ removed: true }> {
  await removeConnection(deps, { teamId: access.teamId, connectionId });
  return { removed: true };
}

export async function managerUpdateCashflow(deps: Deps, access: SubscriptionAccess) {
  return { accounts: await updateCashflow(deps, { teamId: access.teamId }) };
}

export async function managerRefreshForecast(deps: Deps, access: SubscriptionAccess) {
  await refreshForecasts(deps, { teamId: access.teamId });
  return { refreshed: true as const };
}
