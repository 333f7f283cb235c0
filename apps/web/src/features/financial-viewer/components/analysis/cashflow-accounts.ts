import type { TAccount } from '@app/contracts/financial-viewer';
import type { AccountFilterValue } from '../account-filters';

/**
 * The cashflow is asked for by account: the chosen one, else every account of the chosen bank
 * and company; undefined (all the team's) when nothing is chosen.
 */
export function toCashflowAccountIds(
  filter: Pick<AccountFilterValue, 'companyNames' | 'entCodes' | 'accountIds'>,
  accounts: TAccount[],
): string | undefined {
  if (filter.accountIds.length > 0) return filter.accountIds.join(',');
  if (filter.companyNames.length === 0 && filter.entCodes.length === 0) return undefined;
  const matching = accounts.filter(
    (account) =>
      (filter.companyNames.length === 0 ||
        (account.accountCompanyName !== null &&
          filter.companyNames.includes(account.accountCompanyName))) &&
      (filter.entCodes.length === 0 ||
        (account.entCode !== null && filter.entCodes.includes(account.entCode))),
  );
  return matching.map((account) => account.accountId).join(',');
}
