import type { TAccessTokenResponse } from '@app/contracts';
import type {
  TConnection,
  TCreateConnectionResponse,
  TTransactionsResponse,
} from '@app/contracts/financial-viewer';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.js';
import { formUpload } from '../../test/fixtures.js';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';
import { SYNC_CONNECTION_JOB } from './connections.js';
import { isoDay, shiftDays, shiftYears } from './dates.js';
import {
  CHECKING_ACCOUNT,
  financialViewerTeam,
  statementCsv,
  teamWithStatement,
} from './financial-viewer-fixtures.js';

const test = useTestApp();

function get(session: string, url: string) {
  return test.app.inject({ method: 'GET', url, headers: bearer(session) });
}

/** The three broken ranges of spec §5 for a pair of date parameters, and the field each names. */
function brokenRanges(from: string, to: string): { query: string; field: string }[] {
  const today = isoDay(test.clock.now());
  return [
    { query: `${from}=${shiftYears(today, -21)}`, field: from },
    { query: `${from}=${today}&${to}=${shiftDays(today, -3)}`, field: from },
    { query: `${to}=${shiftDays(today, 5)}`, field: to },
  ];
}

/** A bank connection of the team (source BANK) in the given status, as the widget leaves it. */
async function bankConnection(session: string, teamId: string, status: 'OK' | 'UPDATING') {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/financialviewer/connection',
    headers: bearer(session),
    payload: { conName: 'Sandbox bank' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<TCreateConnectionResponse>();
  await test.app.deps.db
    .update(schema.fvConnections)
    .set({ status })
    .where(
      and(eq(schema.fvConnections.teamId, teamId), eq(schema.fvConnections.id, created.conId)),
    );
  return created;
}

async function syncJobs(connectionId: string): Promise<number> {
  const rows = await test.app.deps.db
    .select({ id: schema.jobs.id })
    .from(schema.jobs)
    .where(
      and(
        eq(schema.jobs.name, SYNC_CONNECTION_JOB),
        sql`${schema.jobs.payload}->>'connectionId' = ${connectionId}`,
      ),
    );
  return rows.length;
}

async function tokenOf(session: string): Promise<string> {
  const response = await get(session, '/api/microservice/token/FinancialViewer');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TAccessTokenResponse>().token;
}

describe('GET /api/financialviewer/incomes', () => {
  it('lists only the incomes, whatever sign the query asks for, and checks its query', async () => {
    const team = await teamWithStatement(test);
    const incomes = team.rows.filter((row) => row.cents > 0);
    for (const query of ['?pageSize=500', '?pageSize=500&amountSign=expense']) {
      const response = await get(team.session, `/api/financialviewer/incomes${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TTransactionsResponse>();
      expect(body.total).toBe(incomes.length);
      expect(body.items).toHaveLength(incomes.length);
      expect(body.items.every((item) => item.txAmount > 0)).toBe(true);
    }
    const biggest = (
      await get(team.session, '/api/financialviewer/incomes?sortBy=amount,desc&pageSize=1')
    ).json<TTransactionsResponse>();
    expect(biggest.items[0]?.txAmount).toBe(Math.max(...incomes.map((row) => row.cents)));
    const call = (query: string) => get(team.session, `/api/financialviewer/incomes?${query}`);
    expectAppError(await call('sortBy=password,asc'), 400, 'VALIDATION', 'sortBy');
    expectAppError(await call('pageSize=0'), 400, 'VALIDATION', 'pageSize');
    expectAppError(await call('accountIds=not-a-uuid'), 400, 'VALIDATION', 'accountIds');
    for (const { query, field } of brokenRanges('valueDateFrom', 'valueDateTo')) {
      expectAppError(await call(query), 400, 'VALIDATION', field);
    }
  });
});

describe('the date rules of spec §5 on every call that takes dates', () => {
  it('refuses operation dates more than 20 years back, out of order or in the future', async () => {
    const team = await teamWithStatement(test);
    for (const { query, field } of brokenRanges('operationDateFrom', 'operationDateTo')) {
      expectAppError(
        await get(team.session, `/api/financialviewer/transaction?${query}`),
        400,
        'VALIDATION',
        field,
      );
    }
    const today = isoDay(test.clock.now());
    const from = shiftDays(today, -30);
    const recent = await get(
      team.session,
      `/api/financialviewer/transaction?operationDateFrom=${from}&operationDateTo=${today}&pageSize=500`,
    );
    expect(recent.json<TTransactionsResponse>().total).toBe(
      team.rows.filter((row) => row.date >= from).length,
    );
  });

  it('refuses them on the CSV download, which then sends no file, and the categorisation charts', async () => {
    const team = await teamWithStatement(test);
    for (const address of ['transaction/filteredCsv', 'categorization']) {
      for (const [from, to] of [
        ['valueDateFrom', 'valueDateTo'],
        ['operationDateFrom', 'operationDateTo'],
      ] as const) {
        for (const { query, field } of brokenRanges(from, to)) {
          const response = await get(team.session, `/api/financialviewer/${address}?${query}`);
          expectAppError(response, 400, 'VALIDATION', field);
          expect(response.headers['content-disposition']).toBeUndefined();
        }
      }
    }
  });

  it("refuses them on the token API's getaccountssummary", async () => {
    const team = await teamWithStatement(test);
    const token = encodeURIComponent(await tokenOf(team.session));
    const summary = (query: string) =>
      test.app.inject({
        method: 'POST',
        url: `/v1/financial/getaccountssummary?token=${token}&${query}`,
        payload: { account_ids: [team.accountId] },
      });
    const today = isoDay(test.clock.now());
    const ranges = [
      { query: `date_start=${shiftYears(today, -21)}&date_end=${today}`, field: 'date_start' },
      { query: `date_start=${today}&date_end=${shiftDays(today, -3)}`, field: 'date_start' },
      { query: `date_start=${today}&date_end=${shiftDays(today, 5)}`, field: 'date_end' },
    ];
    for (const { query, field } of ranges) {
      expectAppError(await summary(query), 400, 'VALIDATION', field);
    }
    const good = await summary(`date_start=${shiftDays(today, -30)}&date_end=${today}`);
    expect(good.statusCode, good.body).toBe(200);
  });
});

describe('bank connections', () => {
  it('refuses an account typed by hand into a bank connection: its accounts come from the bank', async () => {
    const team = await financialViewerTeam(test);
    const connection = await bankConnection(team.session, team.teamId, 'OK');
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/financialviewer/connection/${connection.conId}/account`,
      headers: bearer(team.session),
      payload: { accounts: [CHECKING_ACCOUNT] },
    });
    expectAppError(response, 422, 'BUSINESS_RULE');
    expect(response.json<{ error: { reason: string } }>().error.reason).toBe(
      'BANK_ACCOUNTS_FROM_BANK',
    );
    const accounts = await get(team.session, '/api/financialviewer/account');
    expect(accounts.json<{ accounts: unknown[] }>().accounts).toEqual([]);
  });

  it('queues one sync for a refresh, and none more while the connection is UPDATING', async () => {
    const team = await financialViewerTeam(test);
    const connection = await bankConnection(team.session, team.teamId, 'OK');
    const refresh = () =>
      test.app.inject({
        method: 'PUT',
        url: `/api/financialviewer/connection/${connection.conId}/refresh`,
        headers: bearer(team.session),
      });
    const first = await refresh();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TConnection>().conStatus).toBe('UPDATING');
    expect(await syncJobs(connection.conId)).toBe(1);
    const again = await refresh();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TConnection>().conStatus).toBe('UPDATING');
    expect(await syncJobs(connection.conId)).toBe(1);
  });
});

describe('the token API refuses as the web app does', () => {
  it("answers PLAN_EXCEEDED to addconexion beyond the plan's banks", async () => {
    const team = await financialViewerTeam(test);
    const token = encodeURIComponent(await tokenOf(team.session));
    const add = (name: string) =>
      test.app.inject({
        method: 'POST',
        url: `/v1/financial/addconexion?token=${token}&conn_name=${name}&bank_code=BBVA_ES`,
      });
    for (const name of ['One', 'Two']) {
      const response = await add(name);
      expect(response.statusCode, response.body).toBe(200);
    }
    expectAppError(await add('Three'), 422, 'PLAN_EXCEEDED');
    const list = await get(team.session, '/api/financialviewer/connection');
    expect(list.json<TConnection[]>().map((connection) => connection.conName)).toEqual([
      'One',
      'Two',
    ]);
  });

  it('refuses a file that is neither Excel nor CSV on addconexionfile, importing nothing', async () => {
    const team = await teamWithStatement(test);
    const token = encodeURIComponent(await tokenOf(team.session));
    const { payload, headers } = formUpload({
      file: {
        field: 'document',
        body: Buffer.from(
          statementCsv([{ date: isoDay(test.clock.now()), description: 'X', cents: -1 }]),
        ),
        filename: 'statement.pdf',
        contentType: 'application/pdf',
      },
    });
    const response = await test.app.inject({
      method: 'POST',
      url: `/v1/financial/addconexionfile?token=${token}&conn_id=${team.connection.conId}&account_id=${team.accountId}`,
      headers,
      payload,
    });
    expectAppError(response, 400, 'VALIDATION', 'document');
    const transactions = await get(team.session, '/api/financialviewer/transaction');
    expect(transactions.json<TTransactionsResponse>().total).toBe(team.rows.length);
  });
});

describe("another team's accounts on the CSV download", () => {
  it('answers 404 and sends none of their rows', async () => {
    const owner = await teamWithStatement(test);
    const other = await teamWithStatement(test);
    const response = await get(
      other.session,
      `/api/financialviewer/transaction/filteredCsv?accountIds=${owner.accountId}`,
    );
    expectAppError(response, 404, 'NOT_FOUND');
    expect(response.headers['content-disposition']).toBeUndefined();
    // Mixed with one of its own, still refused whole.
    const mixed = await get(
      other.session,
      `/api/financialviewer/transaction/filteredCsv?accountIds=${other.accountId},${owner.accountId}`,
    );
    expectAppError(mixed, 404, 'NOT_FOUND');
  });
});
