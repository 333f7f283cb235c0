import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, ACCOUNTS, OTHER_ACCOUNT_ID } from './analysis-fixtures';
import { toCashflowAccountIds } from './cashflow-accounts';

const NONE = { companyNames: [], entCodes: [], accountIds: [] };

describe('toCashflowAccountIds', () => {
  it('asks for every account when nothing is chosen', () => {
    expect(toCashflowAccountIds(NONE, ACCOUNTS.accounts)).toBeUndefined();
  });

  it('takes the accounts of the chosen company and bank', () => {
    expect(toCashflowAccountIds({ ...NONE, companyNames: ['Beta'] }, ACCOUNTS.accounts)).toBe(
      OTHER_ACCOUNT_ID,
    );
    expect(
      toCashflowAccountIds(
        { ...NONE, companyNames: ['Acme'], entCodes: ['0049'] },
        ACCOUNTS.accounts,
      ),
    ).toBe(ACCOUNT_ID);
  });

  it('takes the chosen account as it is', () => {
    expect(toCashflowAccountIds({ ...NONE, accountIds: [ACCOUNT_ID] }, [])).toBe(ACCOUNT_ID);
  });
});
