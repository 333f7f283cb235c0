import type { TAccessTokenResponse, TUsageLogsResponse } from '@app/contracts';
import type { TImportResult } from '@app/contracts/financial-viewer';
import { describe, expect, it } from 'vitest';
import { formUpload } from '../../test/fixtures.js';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';
import { isoDay, shiftDays } from './dates.js';
import {
  CHECKING_ACCOUNT,
  businessStatementRows,
  financialViewerTeam,
  statementCsv,
} from './financial-viewer-fixtures.js';

const test = useTestApp();

async function tokenTeam() {
  const team = await financialViewerTeam(test);
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/microservice/token/FinancialViewer',
    headers: bearer(team.session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...team, token: response.json<TAccessTokenResponse>() };
}

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return test.app.inject({ method, url, ...(payload ? { payload } : {}) });
}

describe('the financial manager service (token API)', () => {
  it('is served at the address the token page shows', async () => {
    const { token } = await tokenTeam();
    expect(token.microserviceUrl).toBe('http://localhost:3000/v1/financial');
  });

  it("shows addconexion's bank_name and refuses a file whose accounts_type is not the account's", async () => {
    const { token, teamId, session } = await tokenTeam();
    const query = `token=${encodeURIComponent(token.token)}&team_id=${teamId}`;
    const connection = await call(
      'POST',
      `/v1/financial/addconexion?${query}&conn_name=Files&bank_code=BBVA_ES&bank_name=BBVA%20Empresas`,
    );
    expect(connection.statusCode, connection.body).toBe(200);
    const { con_id: connId } = connection.json<{ con_id: string }>();
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/connection',
      headers: bearer(session),
    });
    expect(listed.json()).toEqual([
      expect.objectContaining({ conEntityCode: 'BBVA_ES', conEntityName: 'BBVA Empresas' }),
    ]);
    const account = await call('POST', `/v1/financial/addaccount?${query}&conn_id=${connId}`, [
      { ...CHECKING_ACCOUNT, account_balance: 0 },
    ]);
    const [accountId] = account.json<{ account_ids: string[] }>().account_ids;
    const { payload, headers } = formUpload({
      file: {
        field: 'document',
        body: Buffer.from(statementCsv(businessStatementRows(test.clock.now(), 30), 0)),
        filename: 'bbva.csv',
        contentType: 'text/csv',
      },
    });
    const file = await test.app.inject({
      method: 'POST',
      url: `/v1/financial/addconexionfile?${query}&conn_id=${connId}&account_id=${accountId ?? ''}&accounts_type=CARD`,
      headers,
      payload,
    });
    expectAppError(file, 400, 'VALIDATION', 'accounts_type');
    const transactions = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/transaction?pageSize=1',
      headers: bearer(session),
    });
    expect(transactions.json<{ total: number }>().total).toBe(0);
  });

  it('takes a bank outside the list when bank_name names it, and refuses an unnamed one', async () => {
    const { token, teamId, session } = await tokenTeam();
    const query = `token=${encodeURIComponent(token.token)}&team_id=${teamId}`;
    const unnamed = await call(
      'POST',
      `/v1/financial/addconexion?${query}&conn_name=Rural&bank_code=CAJA_RURAL_ZZ`,
    );
    expectAppError(unnamed, 400, 'VALIDATION', 'bankCode');
    const named = await call(
      'POST',
      `/v1/financial/addconexion?${query}&conn_name=Rural&bank_code=CAJA_RURAL_ZZ&bank_name=Caja%20Rural%20del%20Sur`,
    );
    expect(named.statusCode, named.body).toBe(200);
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/connection',
      headers: bearer(session),
    });
    expect(listed.json()).toEqual([
      expect.objectContaining({
        conName: 'Rural',
        conEntityCode: 'CAJA_RURAL_ZZ',
        conEntityName: 'Caja Rural del Sur',
      }),
    ]);
  });

  it('connects a bank of statements, adds an account, imports a file and sums it', async () => {
    const { token, teamId, session } = await tokenTeam();
    const query = `token=${encodeURIComponent(token.token)}&team_id=${teamId}`;
    const banks = await call(
      'GET',
      `/v1/financial/getbanks?token=${encodeURIComponent(token.token)}&country=ES`,
    );
    expect(banks.statusCode, banks.body).toBe(200);
    expect(banks.json<{ bank_code: string }[]>().map((bank) => bank.bank_code)).toContain(
      'BBVA_ES',
    );
    const connection = await call(
      'POST',
      `/v1/financial/addconexion?${query}&conn_name=BBVA%20files&bank_code=BBVA_ES&bank_name=BBVA`,
    );
    expect(connection.statusCode, connection.body).toBe(200);
    const { con_id: connId } = connection.json<{ con_id: string }>();
    const account = await call('POST', `/v1/financial/addaccount?${query}&conn_id=${connId}`, [
      { ...CHECKING_ACCOUNT, account_balance: 0 },
    ]);
    expect(account.statusCode, account.body).toBe(200);
    const [accountId] = account.json<{ account_ids: string[] }>().account_ids;
    const rows = businessStatementRows(test.clock.now(), 60);
    const { payload, headers } = formUpload({
      file: {
        field: 'document',
        body: Buffer.from(statementCsv(rows, 0)),
        filename: 'bbva.csv',
        contentType: 'text/csv',
      },
    });
    const otherConnection = await call(
      'POST',
      `/v1/financial/addconexion?${query}&conn_name=Other%20files&bank_code=BBVA_ES&bank_name=BBVA`,
    );
    const wrongConnection = await test.app.inject({
      method: 'POST',
      url: `/v1/financial/addconexionfile?${query}&conn_id=${otherConnection.json<{ con_id: string }>().con_id}&account_id=${accountId ?? ''}`,
      headers,
      payload,
    });
    expectAppError(wrongConnection, 404, 'NOT_FOUND');
    const file = await test.app.inject({
      method: 'POST',
      url: `/v1/financial/addconexionfile?${query}&conn_id=${connId}&account_id=${accountId ?? ''}&accounts_type=ACCOUNT&initial_balance=0`,
      headers,
      payload,
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json<TImportResult>().added).toBe(rows.length);
    const movement = rows.reduce((sum, row) => sum + row.cents, 0);
    const balances = await call('POST', `/v1/financial/getaccountsbalances?${query}`, {
      account_ids: [accountId],
    });
    expect(balances.json()).toEqual({
      accounts: [{ account_id: accountId, balance: movement, currency: 'EUR' }],
      total_balance: movement,
    });
    const today = isoDay(test.clock.now());
    const summary = await call(
      'POST',
      `/v1/financial/getaccountssummary?token=${encodeURIComponent(token.token)}&date_start=${shiftDays(today, -90)}&date_end=${today}`,
      { account_ids: [accountId] },
    );
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({
      cashflow: movement,
      balance: movement,
      transactions: rows.length,
    });
    expect((await call('POST', `/v1/financial/updatecashflow?${query}`)).json()).toEqual({
      accounts: 1,
    });
    expect((await call('POST', `/v1/financial/refreshcashflowforecast?${query}`)).json()).toEqual({
      refreshed: true,
    });
    const removed = await call('POST', `/v1/financial/removeconexion?${query}&conn_id=${connId}`);
    expect(removed.json()).toEqual({ removed: true });

    const logs = await test.app.inject({
      method: 'GET',
      url: '/api/logs/FinancialViewer/day',
      headers: bearer(session),
    });
    const endpoints = logs.json<TUsageLogsResponse>().map((entry) => entry.endpoint);
    expect(endpoints).toEqual(
      expect.arrayContaining(['/v1/financial/addconexionfile', '/v1/financial/getaccountssummary']),
    );
  });

  it('refuses a wrong token, another team_id and accounts of another team', async () => {
    const first = await tokenTeam();
    const second = await tokenTeam();
    expectAppError(
      await call('GET', '/v1/financial/getbanks?token=nrn_wrong'),
      401,
      'UNAUTHORIZED',
    );
    expectAppError(
      await call(
        'POST',
        `/v1/financial/updatecashflow?token=${encodeURIComponent(first.token.token)}&team_id=${second.teamId}`,
      ),
      403,
      'FORBIDDEN',
    );
    const connection = await call(
      'POST',
      `/v1/financial/addconexion?token=${encodeURIComponent(second.token.token)}&conn_name=Theirs&bank_code=BBVA_ES`,
    );
    const { con_id: theirConnection } = connection.json<{ con_id: string }>();
    const account = await call(
      'POST',
      `/v1/financial/addaccount?token=${encodeURIComponent(second.token.token)}&conn_id=${theirConnection}`,
      [CHECKING_ACCOUNT],
    );
    const [theirAccount] = account.json<{ account_ids: string[] }>().account_ids;
    const balances = await call(
      'POST',
      `/v1/financial/getaccountsbalances?token=${encodeURIComponent(first.token.token)}`,
      { account_ids: [theirAccount] },
    );
    expect(balances.statusCode).toBe(404);
    const remove = await call(
      'POST',
      `/v1/financial/removeconexion?token=${encodeURIComponent(first.token.token)}&conn_id=${theirConnection}`,
    );
    expect(remove.statusCode).toBe(404);
  });

  it('describes itself in an OpenAPI document', async () => {
    const { session } = await tokenTeam();
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/microservice/swagger/FinancialViewer',
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: object }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/financial/getbanks',
        '/v1/financial/addconexion',
        '/v1/financial/addaccount',
        '/v1/financial/addconexionfile',
        '/v1/financial/getaccountsbalances',
        '/v1/financial/getaccountssummary',
        '/v1/financial/removeconexion',
        '/v1/financial/updatecashflow',
        '/v1/financial/refreshcashflowforecast',
      ]),
    );
  });
});
