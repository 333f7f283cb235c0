import type {
  TAccountsResponse,
  TConnection,
  TCreateConnectionResponse,
  TForecastResponse,
  TTransactionsResponse,
} from '@app/contracts/financial-viewer';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankSandboxRequisitions, fvConnections } from '../../db/schema/index.js';
import { bearer, useTestApp, type TestApp } from '../../test/test-app.js';
import { financialViewerTeam } from './financial-viewer-fixtures.js';

const test = useTestApp();

function form(fields: [string, string][]): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** Goes through the widget and the sandbox bank's pages as a person does. */
async function connectSandboxBank(
  app: TestApp,
  session: string,
  options: { name?: string; cancel?: boolean } = {},
): Promise<{ created: TCreateConnectionResponse; finalPage: string }> {
  const create = await app.app.inject({
    method: 'POST',
    url: '/api/financialviewer/connection',
    headers: bearer(session),
    payload: { conName: options.name ?? 'Santander' },
  });
  expect(create.statusCode, create.body).toBe(201);
  const created = create.json<TCreateConnectionResponse>();
  const chooser = await app.app.inject({ method: 'GET', url: created.widgetUrl ?? '' });
  expect(chooser.statusCode).toBe(200);
  expect(chooser.body).toContain('Santander');
  const choose = await app.app.inject({
    method: 'GET',
    url: `${created.widgetUrl ?? ''}/bank/SANTANDER_ES`,
  });
  expect(choose.statusCode, choose.body).toBe(303);
  const consentUrl = new URL(String(choose.headers.location)).pathname;
  const post = (fields: [string, string][]) =>
    app.app.inject({ method: 'POST', url: consentUrl, ...form(fields) });
  let last;
  if (options.cancel) {
    last = await post([
      ['step', 'sign-in'],
      ['action', 'cancel'],
    ]);
  } else {
    await post([
      ['step', 'sign-in'],
      ['userId', 'ana'],
      ['password', 'anything'],
      ['action', 'continue'],
    ]);
    const kinds: [string, string][] = ['checking', 'savings', 'card'].map((kind) => [
      'accounts',
      kind,
    ]);
    await post([['step', 'accounts'], ...kinds, ['action', 'continue']]);
    last = await post([['step', 'consent'], ...kinds, ['action', 'continue']]);
  }
  expect(last.statusCode, last.body).toBe(303);
  const callback = new URL(String(last.headers.location));
  expect(callback.pathname).toBe(`${created.widgetUrl ?? ''}/callback`);
  const finalPage = await app.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
  });
  expect(finalPage.statusCode).toBe(200);
  return { created, finalPage: finalPage.body };
}

/** Opens a bank widget (a PENDING connection) without going through it. */
async function openWidget(session: string, conName: string): Promise<TCreateConnectionResponse> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/financialviewer/connection',
    headers: bearer(session),
    payload: { conName },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCreateConnectionResponse>();
}

async function connections(session: string): Promise<TConnection[]> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/financialviewer/connection',
    headers: bearer(session),
  });
  return response.json<TConnection[]>();
}

async function transactionCount(session: string): Promise<number> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/financialviewer/transaction?pageSize=1',
    headers: bearer(session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TTransactionsResponse>().total;
}

describe('a bank connection through the widget', () => {
  it('links the bank, then a job brings three accounts with years of history', async () => {
    const { session } = await financialViewerTeam(test);
    const { created, finalPage } = await connectSandboxBank(test, session);
    expect(finalPage).toContain('data-outcome="completed"');
    expect(await connections(session)).toEqual([
      expect.objectContaining({
        conId: created.conId,
        conStatus: 'UPDATING',
        conEntityCode: 'SANTANDER_ES',
      }),
    ]);
    await test.app.deps.jobs.runDue();
    const [connection] = await connections(session);
    expect(connection).toMatchObject({ conStatus: 'OK', conAccountCount: 3 });
    expect(connection?.conLastRefreshDate).not.toBeNull();
    const accounts = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/account',
      headers: bearer(session),
    });
    const body = accounts.json<TAccountsResponse>();
    expect(body.summary).toMatchObject({ entities: 1, accounts: 2, cards: 1 });
    const checking = body.accounts.find((account) => account.accountSubtype === 'CHECKING');
    expect(checking?.accountNumber).toMatch(/^ES\d{2}( \d{4}){5}$/);
    expect(await transactionCount(session)).toBeGreaterThan(500);
    // The last stored balance is the bank's balance.
    const latest = await test.app.inject({
      method: 'GET',
      url: `/api/financialviewer/transaction?accountIds=${checking?.accountId ?? ''}&pageSize=1&sortBy=valueDate,desc`,
      headers: bearer(session),
    });
    expect(latest.json<TTransactionsResponse>().items[0]?.txBalance).not.toBeNull();
    // Each account's history, from its opening balance, ends at the bank's balance.
    const ends = (await test.app.deps.db.execute(sql`
      SELECT a.current_balance AS "bank", a.opening_balance + sum(t.amount) AS "history"
      FROM fv_accounts a JOIN fv_transactions t ON t.account_id = a.id
      WHERE a.connection_id = ${created.conId} GROUP BY a.id`)) as {
      rows: { bank: string; history: string }[];
    };
    expect(ends.rows).toHaveLength(3);
    for (const end of ends.rows) expect(Number(end.history)).toBe(Number(end.bank));
  });

  it('lists the recurring payments of all accounts without the transfers between them', async () => {
    const { session } = await financialViewerTeam(test);
    await connectSandboxBank(test, session);
    await test.app.deps.jobs.runDue();
    const recurring = async (query = '') => {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/financialviewer/cashflow/forecast?amountToPredict=30${query}`,
        headers: bearer(session),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TForecastResponse>().recurring.map((payment) => payment.description);
    };
    const all = await recurring();
    expect(all.some((description) => description.startsWith('RECIBO ALQUILER LOCAL'))).toBe(true);
    // The card is settled every month from the checking account: within the team, a transfer.
    expect(all.filter((description) => description.startsWith('LIQUIDACION TARJETA'))).toEqual([]);
    // The checking account alone does pay its card every month.
    const accounts = (
      await test.app.inject({
        method: 'GET',
        url: '/api/financialviewer/account',
        headers: bearer(session),
      })
    ).json<TAccountsResponse>().accounts;
    const checking = accounts.find((account) => account.accountSubtype === 'CHECKING');
    const own = await recurring(`&accountIds=${checking?.accountId ?? ''}`);
    expect(own.filter((description) => description.startsWith('LIQUIDACION TARJETA'))).toHaveLength(
      1,
    );
  });

  it('a refresh brings only the new days, never a transaction twice', async () => {
    const { session } = await financialViewerTeam(test);
    const { created } = await connectSandboxBank(test, session);
    await test.app.deps.jobs.runDue();
    const before = await transactionCount(session);
    const again = await test.app.inject({
      method: 'PUT',
      url: `/api/financialviewer/connection/${created.conId}/refresh`,
      headers: bearer(session),
    });
    expect(again.json<TConnection>().conStatus).toBe('UPDATING');
    await test.app.deps.jobs.runDue();
    expect(await transactionCount(session)).toBe(before);
    test.clock.advance(5 * 86_400_000);
    await test.app.inject({
      method: 'PUT',
      url: `/api/financialviewer/connection/${created.conId}/refresh`,
      headers: bearer(session),
    });
    await test.app.deps.jobs.runDue();
    expect(await transactionCount(session)).toBeGreaterThan(before);
  });

  it('a cancelled consent leaves no connection', async () => {
    const { session } = await financialViewerTeam(test);
    const { finalPage } = await connectSandboxBank(test, session, { cancel: true });
    expect(finalPage).toContain('data-outcome="cancelled"');
    expect(await connections(session)).toEqual([]);
  });

  it('an expired consent shows the connection EXPIRED with its reason', async () => {
    const { session } = await financialViewerTeam(test);
    const { created } = await connectSandboxBank(test, session);
    await test.app.deps.jobs.runDue();
    await test.app.deps.db
      .update(bankSandboxRequisitions)
      .set({ status: 'EX' })
      .where(eq(bankSandboxRequisitions.reference, created.conOperationId));
    await test.app.inject({
      method: 'PUT',
      url: `/api/financialviewer/connection/${created.conId}/refresh`,
      headers: bearer(session),
    });
    await test.app.deps.jobs.runDue();
    expect(await connections(session)).toEqual([
      expect.objectContaining({ conStatus: 'EXPIRED', conStatusReason: 'CONSENT_EXPIRED' }),
    ]);
    expect(await transactionCount(session)).toBeGreaterThan(0);
  });

  it('an unfinished widget expires after an hour, and its attempt is cleared on the next one', async () => {
    const { session } = await financialViewerTeam(test);
    const first = await test.app.inject({
      method: 'POST',
      url: '/api/financialviewer/connection',
      headers: bearer(session),
      payload: { conName: 'Left open' },
    });
    const abandoned = first.json<TCreateConnectionResponse>();
    test.clock.advance(61 * 60_000);
    expect(
      (await test.app.inject({ method: 'GET', url: abandoned.widgetUrl ?? '' })).statusCode,
    ).toBe(404);
    await connectSandboxBank(test, session, { name: 'Left open' });
    const pending = await test.app.deps.db
      .select()
      .from(fvConnections)
      .where(eq(fvConnections.id, abandoned.conId));
    expect(pending).toEqual([]);
  });

  it('widgets opened at once cannot pass the plan: the consent beyond it is dropped and ended', async () => {
    // Basic plan: 2 bank connections. One is in use, then two widgets are opened together.
    const { session } = await financialViewerTeam(test);
    await connectSandboxBank(test, session, { name: 'First' });
    const second = await openWidget(session, 'Second');
    const third = await openWidget(session, 'Third');
    const consents = [];
    for (const widget of [second, third]) {
      const choose = await test.app.inject({
        method: 'GET',
        url: `${widget.widgetUrl ?? ''}/bank/SANTANDER_ES`,
      });
      expect(choose.statusCode, choose.body).toBe(303);
      consents.push(new URL(String(choose.headers.location)).pathname);
    }
    const finish = async (consentUrl: string) => {
      const post = (fields: [string, string][]) =>
        test.app.inject({ method: 'POST', url: consentUrl, ...form(fields) });
      await post([
        ['step', 'sign-in'],
        ['userId', 'ana'],
        ['password', 'anything'],
        ['action', 'continue'],
      ]);
      await post([
        ['step', 'accounts'],
        ['accounts', 'checking'],
        ['action', 'continue'],
      ]);
      const last = await post([
        ['step', 'consent'],
        ['accounts', 'checking'],
        ['action', 'continue'],
      ]);
      const callback = new URL(String(last.headers.location));
      const page = await test.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
      });
      return page.body;
    };
    expect(await finish(consents[0] ?? '')).toContain('data-outcome="completed"');
    expect(await finish(consents[1] ?? '')).toContain('data-outcome="planExceeded"');
    await test.app.deps.jobs.runDue();
    expect((await connections(session)).map((item) => item.conName).sort()).toEqual([
      'First',
      'Second',
    ]);
    const [requisition] = await test.app.deps.db
      .select()
      .from(bankSandboxRequisitions)
      .where(eq(bankSandboxRequisitions.reference, third.conOperationId));
    expect(requisition?.status).toBe('EX');
  });

  it('a widget whose plan filled up since it opened says so before going to the bank', async () => {
    const { session } = await financialViewerTeam(test);
    await connectSandboxBank(test, session, { name: 'First' });
    const widget = await openWidget(session, 'Late');
    await connectSandboxBank(test, session, { name: 'Second' });
    const choose = await test.app.inject({
      method: 'GET',
      url: `${widget.widgetUrl ?? ''}/bank/SANTANDER_ES`,
    });
    expect(choose.statusCode).toBe(200);
    expect(choose.body).toContain('data-outcome="planExceeded"');
    expect(choose.body).toContain('Your plan has no bank connections left');
    expect(await connections(session)).toHaveLength(2);
  });

  it('an abandoned widget does not hold a place in the plan', async () => {
    const { session } = await financialViewerTeam(test);
    await connectSandboxBank(test, session, { name: 'First' });
    await openWidget(session, 'Left open');
    const { finalPage } = await connectSandboxBank(test, session, { name: 'Second' });
    expect(finalPage).toContain('data-outcome="completed"');
  });

  it('a used or unknown operation id opens nothing', async () => {
    const { session } = await financialViewerTeam(test);
    const { created } = await connectSandboxBank(test, session);
    const reused = await test.app.inject({ method: 'GET', url: created.widgetUrl ?? '' });
    expect(reused.statusCode).toBe(404);
    const unknown = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/widget/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/bank/SANTANDER_ES',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('deleting the connection ends the consent at the bank', async () => {
    const { session } = await financialViewerTeam(test);
    const { created } = await connectSandboxBank(test, session);
    await test.app.deps.jobs.runDue();
    await test.app.inject({
      method: 'DELETE',
      url: `/api/financialviewer/connection/${created.conId}`,
      headers: bearer(session),
    });
    const [requisition] = await test.app.deps.db
      .select()
      .from(bankSandboxRequisitions)
      .where(eq(bankSandboxRequisitions.reference, created.conOperationId));
    expect(requisition?.status).toBe('EX');
    expect(await transactionCount(session)).toBe(0);
  });
});
