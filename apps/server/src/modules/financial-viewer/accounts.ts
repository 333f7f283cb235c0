import {
  FINANCIAL_VIEWER_VALIDATION,
  type AccountType,
  type TAccount,
  type TAccountsResponse,
  type TCompany,
  type TManualAccount,
} from '@app/contracts/financial-viewer';
import { ZManualAccount } from '@app/contracts/financial-viewer';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, validationError } from '../../platform/errors.js';
import { currenciesAtPar, toEuroCents } from '../../platform/exchange-rates.js';
import {
  bumpDataVersion,
  findAccount,
  findAccountByNumber,
  findAccounts,
  findCompanies,
  findCompanyByName,
  findConnection,
  insertAccount,
  insertCompany,
  updateAccount,
  type AccountWithOwners,
  type CompanyRow,
} from './repository.js';

function toAccount(row: AccountWithOwners): TAccount {
  return {
    accountId: row.id,
    accountName: row.name,
    accountNumber: row.number,
    accountType: row.type,
    accountSubtype: row.subtype,
    accountCurrency: row.currency,
    accountCompanyName: row.companyName,
    accountCurrentBalance: row.currentBalance,
    accountAvailableBalance: row.availableBalance,
    conId: row.connectionId,
    conName: row.connectionName,
    entCode: row.bankCode,
    entName: row.bankName,
  };
}

/**
 * The team's accounts of `accountIds`: an id that is not the team's (another team's, or one
 * deleted since) answers 404 rather than a silently empty selection.
 */
export async function requireTeamAccounts(
  deps: Deps,
  options: { teamId: string; accountIds: string[] },
) {
  const accounts = await findAccounts(deps.db, options.teamId, { accountIds: options.accountIds });
  if (accounts.length !== new Set(options.accountIds).size) {
    throw new AppError('NOT_FOUND', {
      message: 'An account of the selection is not of this team.',
    });
  }
  return accounts;
}

/** The accounts with the summary boxes: entities (banks), accounts, cards and euro totals. */
export async function listAccounts(
  deps: Deps,
  options: { teamId: string; accountTypes?: AccountType[] | undefined },
): Promise<TAccountsResponse> {
  const [rows, rates] = await Promise.all([
    findAccounts(deps.db, options.teamId, { types: options.accountTypes }),
    deps.exchangeRates.get(),
  ]);
  const entities = new Set(rows.map((row) => row.bankCode ?? row.connectionId));
  return {
    accounts: rows.map(toAccount),
    summary: {
      entities: entities.size,
      accounts: rows.filter((row) => row.type === 'ACCOUNT').length,
      cards: rows.filter((row) => row.type === 'CARD').length,
      totalBalance: rows.reduce(
        (sum, row) => sum + toEuroCents(row.currentBalance, row.currency, rates),
        0,
      ),
      totalAvailable: rows.reduce(
        (sum, row) => sum + toEuroCents(row.availableBalance, row.currency, rates),
        0,
      ),
      rates,
      currenciesAtPar: currenciesAtPar(
        rows.map((row) => row.currency),
        rates,
      ),
    },
  };
}

function toCompany(row: CompanyRow): TCompany {
  return { companyId: row.id, companyName: row.name };
}

export async function listCompanies(deps: Deps, options: { teamId: string }): Promise<TCompany[]> {
  return (await findCompanies(deps.db, options.teamId)).map(toCompany);
}

function companyExists(): AppError {
  return new AppError('CONFLICT', {
    reason: 'COMPANY_EXISTS',
    message: 'There is already a company with this name.',
    fields: { companyName: FINANCIAL_VIEWER_VALIDATION.companyExists },
  });
}

/** A new company; the same name in any case is refused (spec §5). */
export async function createCompany(
  deps: Deps,
  options: { teamId: string; companyName: string },
): Promise<TCompany> {
  const row = await insertCompany(deps.db, options.teamId, options.companyName.trim());
  if (!row) throw companyExists();
  return toCompany(row);
}

/** The company of that name (any case), made when the team has none yet. */
async function ensureCompany(
  executor: Executor,
  teamId: string,
  name: string,
): Promise<CompanyRow> {
  const trimmed = name.trim();
  const existing = await findCompanyByName(executor, teamId, trimmed);
  if (existing) return existing;
  const created = await insertCompany(executor, teamId, trimmed);
  if (created) return created;
  const raced = await findCompanyByName(executor, teamId, trimmed);
  if (!raced) throw new Error('the company was neither found nor created');
  return raced;
}

export async function assignCompany(
  deps: Deps,
  options: { teamId: string; accountId: string; companyName: string },
): Promise<TAccount> {
  const account = await findAccount(deps.db, options.teamId, options.accountId);
  if (!account) throw new AppError('NOT_FOUND');
  const company = await ensureCompany(deps.db, options.teamId, options.companyName);
  await updateAccount(deps.db, options.teamId, account.id, { companyId: company.id });
  const updated = await findAccount(deps.db, options.teamId, account.id);
  if (!updated) throw new AppError('NOT_FOUND');
  return toAccount(updated);
}

function accountExists(): AppError {
  return new AppError('ACCOUNT_EXISTS', {
    message: 'This account number already belongs to a connection of the team.',
    fields: { account_number: FINANCIAL_VIEWER_VALIDATION.accountExists },
  });
}

/**
 * Every total is in euros: an account in a currency the ECB publishes no rate for could not
 * be summed, so it is refused (400 on `account_currency`) rather than counted at par.
 */
async function requireRatedCurrencies(
  deps: Deps,
  accounts: readonly TManualAccount[],
): Promise<void> {
  const { rates } = await deps.exchangeRates.get();
  const index = accounts.findIndex((account) => rates[account.account_currency] === undefined);
  if (index === -1) return;
  throw validationError(
    { [`accounts.${String(index)}.account_currency`]: FINANCIAL_VIEWER_VALIDATION.currency },
    `There is no euro exchange rate for ${accounts[index]?.account_currency ?? ''}.`,
  );
}

/**
 * An account or card typed in the import wizard for a connection of imported statements
 * (spec: Manual account import item). Its balance is the one before the first statement.
 */
export async function addManualAccounts(
  deps: Deps,
  options: { teamId: string; connectionId: string; accounts: TManualAccount[] },
): Promise<string[]> {
  const connection = await findConnection(deps.db, options.teamId, options.connectionId);
  if (!connection || connection.status === 'PENDING') throw new AppError('NOT_FOUND');
  if (connection.source !== 'FILE') {
    throw new AppError('BUSINESS_RULE', {
      reason: 'BANK_ACCOUNTS_FROM_BANK',
      message: 'The accounts of a bank connection come from the bank.',
    });
  }
  await requireRatedCurrencies(deps, options.accounts);
  return deps.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const input of options.accounts) {
      const account = ZManualAccount.parse(input);
      if (await findAccountByNumber(tx, options.teamId, account.account_number)) {
        throw accountExists();
      }
      const company = await ensureCompany(tx, options.teamId, account.account_company_name);
      const balance = account.account_balance;
      const row = await insertAccount(tx, options.teamId, {
        connectionId: connection.id,
        companyId: company.id,
        name: account.account_name,
        number: account.account_number,
        type: account.account_type,
        subtype: account.account_subtype,
        currency: account.account_currency,
        openingBalance: balance,
        currentBalance: balance,
        availableBalance:
          account.account_type === 'CARD' && account.card_limit_balance !== undefined
            ? account.card_limit_balance - (account.card_disposed_balance ?? 0)
            : balance,
        cardLimit: account.card_limit_balance ?? null,
        cardLinkedAccount: account.card_linked_account ?? null,
      });
      ids.push(row.id);
    }
    // Its balance joins the team's cashflow: the stored forecasts are stale.
    await bumpDataVersion(tx, options.teamId);
    return ids;
  });
}
