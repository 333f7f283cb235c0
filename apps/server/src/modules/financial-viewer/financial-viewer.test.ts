import type {
  TAccountsResponse,
  TBank,
  TCompany,
  TConnection,
} from '@app/contracts/financial-viewer';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fvAccounts } from '../../db/schema/index.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import {
  CHECKING_ACCOUNT,
  addManualAccount,
  createFileConnection,
  financialViewerTeam,
  teamWithStatement,
} from './financial-viewer-fixtures.js';

const test = useTestApp({ BLOCKED_EMAIL_FRAGMENT: 'blocked-user' });

function postAccounts(session: string, connectionId: string, accounts: object[]) {
  return test.app.inject({
    method: 'POST',
    url: `/api/financialviewer/connection/${connectionId}/account`,
    headers: bearer(session),
    payload: { accounts },
  });
}

function get(session: string, url: string) {
  return test.app.inject({ method: 'GET', url, headers: bearer(session) });
}

describe('Financial Viewer access', () => {
  it('refuses every module call without a subscription with 402, which does not sign out', async () => {
    const { token } = await signUpConfirmed(test);
    for (const url of [
      '/api/financialviewer/connection',
      '/api/financialviewer/account',
      '/api/financialviewer/transaction',
      '/api/financialviewer/cashflow',
      '/api/financialviewer/cashflow/forecast',
    ]) {
      expectAppError(await get(token, url), 402, 'SUBSCRIPTION_REQUIRED');
    }
    const create = await test.app.inject({
      method: 'POST',
      url: '/api/financialviewer/connection',
      headers: bearer(token),
      payload: { conName: 'Main bank' },
    });
    expectAppError(create, 402, 'SUBSCRIPTION_REQUIRED');
  });

  it('serves the bank list, currencies and categories to any signed-in user', async () => {
    const { token } = await signUpConfirmed(test);
    const banks = (await get(token, '/api/financialviewer/banks?country=ES')).json<TBank[]>();
    expect(banks.length).toBeGreaterThan(5);
    expect(banks.every((bank) => bank.country_code === 'ES')).toBe(true);
    expect(banks[0]?.logo).toMatch(/^data:image\/svg\+xml/);
    const currencies = (await get(token, '/api/financialviewer/currencies')).json<string[]>();
    expect(currencies.slice(0, 2)).toEqual(['EUR', 'USD']);
    const categories = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/categories',
      headers: { ...bearer(token), 'accept-language': 'es' },
    });
    const parents = categories.json<{ parentId: number; description: string }[]>();
    expect(parents).toHaveLength(13);
    expect(parents.find((parent) => parent.parentId === 1)?.description).toBe('Sin categoría');
  });

  it('refuses a blocked user with 423', async () => {
    const { token } = await signUpConfirmed(test, {
      email: 'blocked-user@acme-industries.com',
    });
    expectAppError(await get(token, '/api/financialviewer/connection'), 423, 'USER_BLOCKED');
  });

  it('needs a session', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/financialviewer/banks' });
    expect(response.statusCode).toBe(401);
  });
});

describe('connections', () => {
  it('creates a bank connection PENDING, hidden from the list, with its widget address', async () => {
    const { session } = await financialViewerTeam(test);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/financialviewer/connection',
      headers: bearer(session),
      payload: { conName: '  Main bank ' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TConnection & { widgetUrl: string }>();
    expect(created).toMatchObject({
      conName: 'Main bank',
      conStatus: 'PENDING',
      conSource: 'BANK',
    });
    expect(created.widgetUrl).toBe(`/api/financialviewer/widget/${created.conOperationId}`);
    expect((await get(session, '/api/financialviewer/connection')).json()).toEqual([]);
  });

  it('creates a connection of imported statements OK at once, with its bank', async () => {
    const { session } = await financialViewerTeam(test);
    const created = await createFileConnection(test, session, 'Santander');
    expect(created).toMatchObject({
      conStatus: 'OK',
      conSource: 'FILE',
      conEntityCode: 'SANTANDER_ES',
      widgetUrl: null,
    });
    const list = (await get(session, '/api/financialviewer/connection')).json<TConnection[]>();
    expect(list.map((connection) => connection.conName)).toEqual(['Santander']);
  });

  it('refuses a duplicate name (any case), an unknown bank and an empty name', async () => {
    const { session } = await financialViewerTeam(test);
    await createFileConnection(test, session, 'Santander');
    const post = (payload: object) =>
      test.app.inject({
        method: 'POST',
        url: '/api/financialviewer/connection',
        headers: bearer(session),
        payload,
      });
    expectAppError(
      await post({ conName: 'SANTANDER', source: 'FILE', bankCode: 'SANTANDER_ES' }),
      409,
      'CONFLICT',
      'conName',
    );
    expectAppError(
      await post({ conName: 'X', source: 'FILE', bankCode: 'NOPE' }),
      400,
      'VALIDATION',
      'bankCode',
    );
    expectAppError(await post({ conName: 'X', source: 'FILE' }), 400, 'VALIDATION', 'bankCode');
    expectAppError(await post({ conName: '   ' }), 400, 'VALIDATION', 'conName');
  });

  it("refuses a connection beyond the plan's banks with PLAN_EXCEEDED", async () => {
    const { session } = await financialViewerTeam(test);
    await createFileConnection(test, session, 'One');
    await createFileConnection(test, session, 'Two');
    const third = await test.app.inject({
      method: 'POST',
      url: '/api/financialviewer/connection',
      headers: bearer(session),
      payload: { conName: 'Three', source: 'FILE', bankCode: 'BBVA_ES' },
    });
    expectAppError(third, 422, 'PLAN_EXCEEDED');
  });

  it('deletes a connection with its accounts and transactions', async () => {
    const team = await teamWithStatement(test);
    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/financialviewer/connection/${team.connection.conId}`,
      headers: bearer(team.session),
    });
    expect(response.statusCode).toBe(204);
    const accounts = (
      await get(team.session, '/api/financialviewer/account')
    ).json<TAccountsResponse>();
    expect(accounts.accounts).toEqual([]);
    const transactions = await get(team.session, '/api/financialviewer/transaction');
    expect(transactions.json<{ total: number }>().total).toBe(0);
  });

  it('does not refresh a connection of imported statements', async () => {
    const { session } = await financialViewerTeam(test);
    const created = await createFileConnection(test, session);
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/financialviewer/connection/${created.conId}/refresh`,
      headers: bearer(session),
    });
    expectAppError(response, 422, 'BUSINESS_RULE');
  });
});

describe('accounts and companies', () => {
  it('lists accounts with the summary boxes in euros and the rates used', async () => {
    const { session } = await financialViewerTeam(test);
    const connection = await createFileConnection(test, session);
    await addManualAccount(test, session, connection.conId);
    await addManualAccount(test, session, connection.conId, {
      account_number: 'US-001',
      account_name: 'Dollar account',
      account_currency: 'USD',
      account_balance: 103_890,
    });
    await addManualAccount(test, session, connection.conId, {
      account_number: '4530 1234 5678 9012',
      account_name: 'Business card',
      account_type: 'CARD',
      account_subtype: 'CREDIT',
      account_balance: -50_000,
      card_limit_balance: 300_000,
      card_disposed_balance: 50_000,
      card_linked_account: CHECKING_ACCOUNT.account_number,
    });
    const response = (await get(session, '/api/financialviewer/account')).json<TAccountsResponse>();
    expect(response.accounts).toHaveLength(3);
    // 10,000 € + 1,038.90 $ (at 1.0389 $/€ = 1,000 €) − 500 € on the card.
    expect(response.summary).toMatchObject({
      entities: 1,
      accounts: 2,
      cards: 1,
      totalBalance: 1_050_000,
      totalAvailable: 1_000_000 + 100_000 + 250_000,
      rates: { source: 'snapshot', date: '2024-12-31' },
      currenciesAtPar: [],
    });
    const cards = (
      await get(session, '/api/financialviewer/account?accountTypes=CARD')
    ).json<TAccountsResponse>();
    expect(cards.accounts.map((account) => account.accountType)).toEqual(['CARD']);
  });

  it('names the currencies that the totals count at par, a bank account in one without a rate', async () => {
    const { session } = await financialViewerTeam(test);
    const connection = await createFileConnection(test, session);
    await addManualAccount(test, session, connection.conId);
    await addManualAccount(test, session, connection.conId, {
      account_number: 'AR-001',
      account_name: 'Buenos Aires',
      account_balance: 20_000,
    });
    // As a bank would deliver it: the manual form refuses a currency without a rate.
    await test.app.deps.db
      .update(fvAccounts)
      .set({ currency: 'ARS' })
      .where(eq(fvAccounts.number, 'AR-001'));
    const { summary } = (
      await get(session, '/api/financialviewer/account')
    ).json<TAccountsResponse>();
    expect(summary).toMatchObject({ totalBalance: 1_000_000 + 20_000, currenciesAtPar: ['ARS'] });
  });

  it('refuses a card without a grouped 16-character number or a linked account', async () => {
    const { session } = await financialViewerTeam(test);
    const connection = await createFileConnection(test, session);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/financialviewer/connection/${connection.conId}/account`,
      headers: bearer(session),
      payload: {
        accounts: [
          {
            ...CHECKING_ACCOUNT,
            account_type: 'CARD',
            account_subtype: 'CHECKING',
            account_number: '4530',
          },
        ],
      },
    });
    expectAppError(response, 400, 'VALIDATION');
    const fields = response.json<{ error: { fields: Record<string, string> } }>().error.fields;
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining([
        'accounts.0.account_subtype',
        'accounts.0.account_number',
        'accounts.0.card_linked_account',
      ]),
    );
  });

  it('answers 409 ACCOUNT_EXISTS for an account number the team already has', async () => {
    const { session } = await financialViewerTeam(test);
    const first = await createFileConnection(test, session, 'First');
    const second = await createFileConnection(test, session, 'Second');
    await addManualAccount(test, session, first.conId);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/financialviewer/connection/${second.conId}/account`,
      headers: bearer(session),
      payload: { accounts: [CHECKING_ACCOUNT] },
    });
    expectAppError(response, 409, 'ACCOUNT_EXISTS');
  });

  it('refuses an account in a currency with no euro rate instead of counting it as euros', async () => {
    const { session } = await financialViewerTeam(test);
    const connection = await createFileConnection(test, session);
    const response = await postAccounts(session, connection.conId, [
      { ...CHECKING_ACCOUNT, account_currency: 'ARS' },
    ]);
    expectAppError(response, 400, 'VALIDATION');
    expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      'accounts.0.account_currency': 'validation.financialViewer.currency',
    });
    const accounts = await get(session, '/api/financialviewer/account');
    expect(accounts.json<{ accounts: unknown[] }>().accounts).toEqual([]);
  });

  it('takes an account number spaced, dashed or in lower case as the same account', async () => {
    const { session } = await financialViewerTeam(test);
    const first = await createFileConnection(test, session, 'First');
    const second = await createFileConnection(test, session, 'Second');
    await addManualAccount(test, session, first.conId, {
      account_number: 'ES91 2100 0418 4502 0005 1332',
    });
    for (const spelling of ['ES9121000418450200051332', 'es91-2100-0418-4502-0005-1332']) {
      const response = await postAccounts(session, second.conId, [
        { ...CHECKING_ACCOUNT, account_number: spelling },
      ]);
      expectAppError(response, 409, 'ACCOUNT_EXISTS');
    }
  });

  it('creates companies, refuses a duplicate in any case, and assigns one to an account', async () => {
    const { session } = await financialViewerTeam(test);
    const connection = await createFileConnection(test, session);
    const accountId = await addManualAccount(test, session, connection.conId);
    const create = (companyName: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/financialviewer/account/companies',
        headers: bearer(session),
        payload: { companyName },
      });
    expect((await create('Beta Logistics SA')).statusCode).toBe(201);
    expectAppError(await create('beta logistics sa'), 409, 'CONFLICT', 'companyName');
    expectAppError(await create(''), 400, 'VALIDATION', 'companyName');
    const assign = await test.app.inject({
      method: 'PUT',
      url: `/api/financialviewer/account/${accountId}/companyName`,
      headers: bearer(session),
      payload: { accountCompanyName: 'BETA LOGISTICS SA' },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json<{ accountCompanyName: string }>().accountCompanyName).toBe(
      'Beta Logistics SA',
    );
    const companies = (await get(session, '/api/financialviewer/account/companies')).json<
      TCompany[]
    >();
    expect(companies.map((company) => company.companyName)).toEqual([
      'Acme Industries SL',
      'Beta Logistics SA',
    ]);
  });
});

describe('one team never reaches another team’s data', () => {
  it('answers 404 for every id of another team and lists nothing of it', async () => {
    const owner = await teamWithStatement(test);
    const other = await financialViewerTeam(test);
    const transactions = (await get(owner.session, '/api/financialviewer/transaction')).json<{
      items: { txId: string }[];
    }>();
    const txId = transactions.items[0]?.txId ?? '';
    const calls: { method: 'PUT' | 'DELETE' | 'POST' | 'GET'; url: string; payload?: object }[] = [
      { method: 'PUT', url: `/api/financialviewer/connection/${owner.connection.conId}/refresh` },
      { method: 'DELETE', url: `/api/financialviewer/connection/${owner.connection.conId}` },
      {
        method: 'POST',
        url: `/api/financialviewer/connection/${owner.connection.conId}/account`,
        payload: { accounts: [{ ...CHECKING_ACCOUNT, account_number: 'OTHER-1' }] },
      },
      {
        method: 'PUT',
        url: `/api/financialviewer/account/${owner.accountId}/companyName`,
        payload: { accountCompanyName: 'Intruder SL' },
      },
      {
        method: 'PUT',
        url: `/api/financialviewer/transaction/${txId}/category`,
        payload: { catId: 201, applyToSimilar: true },
      },
      { method: 'GET', url: `/api/financialviewer/import/${owner.result.importId}` },
    ];
    for (const call of calls) {
      const response = await test.app.inject({ ...call, headers: bearer(other.session) });
      expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(404);
    }
    const otherAccounts = (
      await get(other.session, '/api/financialviewer/account')
    ).json<TAccountsResponse>();
    expect(otherAccounts.accounts).toEqual([]);
    for (const list of ['transaction', 'cashflow', 'cashflow/forecast', 'categorization']) {
      const filtered = await get(
        other.session,
        `/api/financialviewer/${list}?accountIds=${owner.accountId}`,
      );
      expectAppError(filtered, 404, 'NOT_FOUND');
    }
    const cashflow = await get(other.session, '/api/financialviewer/cashflow');
    expect(cashflow.json<{ daily: unknown[] }>().daily).toEqual([]);
    const csv = await get(other.session, '/api/financialviewer/transaction/filteredCsv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    const stillThere = (
      await get(owner.session, '/api/financialviewer/account')
    ).json<TAccountsResponse>();
    expect(stillThere.accounts[0]?.accountCompanyName).toBe('Acme Industries SL');
  });
});
