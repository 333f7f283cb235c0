import type { TCsvLinkResponse } from '@app/contracts/financial-viewer';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema/index.js';
import { bearer, expectAppError, signUpConfirmed, useTestApp } from '../../test/test-app.js';
import { isoDay, shiftYears } from './dates.js';
import {
  addManualAccount,
  financialViewerTeam,
  importCsv,
  statementCsv,
  teamWithStatement,
} from './financial-viewer-fixtures.js';

const test = useTestApp();

async function askLink(session: string, query: string, language = 'es') {
  return test.app.inject({
    method: 'POST',
    url: `/api/financialviewer/transaction/filteredCsv/link${query}`,
    headers: { ...bearer(session), 'accept-language': language },
  });
}

async function linkFor(session: string, query = '') {
  const response = await askLink(session, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCsvLinkResponse>();
}

/** The link followed as a browser does: no Authorization header. */
async function follow(url: string) {
  return test.app.inject({ method: 'GET', url });
}

describe('POST /api/financialviewer/transaction/filteredCsv/link', () => {
  it('answers a one-minute address that downloads the filtered CSV without a session', async () => {
    const team = await teamWithStatement(test);
    const link = await linkFor(
      team.session,
      `?amountSign=income&sortBy=amount,asc&accountIds=${team.accountId}`,
    );
    expect(link.url).toMatch(/^\/api\/financialviewer\/transaction\/filteredCsv\/file\?/);
    expect(new Date(link.expiresAt).getTime() - test.clock.now().getTime()).toBe(60_000);
    expect(link.url).not.toContain(team.session);

    const response = await follow(link.url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{8}-\d{6}\.csv"$/,
    );
    const [header, ...rows] = response.body.split('\r\n').filter((line) => line !== '');
    // The language the app asked in, not the browser's.
    expect(header?.startsWith('\uFEFFFecha valor;')).toBe(true);
    const incomes = team.rows.filter((row) => row.cents > 0);
    expect(rows).toHaveLength(incomes.length);
    const amounts = rows.map((row) => Number((row.split(';')[3] ?? '').replace(',', '.')));
    expect(amounts.every((amount) => amount > 0)).toBe(true);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('refuses a link whose filters were changed, forged, expired or outlived a sign-out', async () => {
    const team = await teamWithStatement(test);
    const link = await linkFor(team.session, '?amountSign=income');

    const widened = link.url.replace('amountSign=income', 'amountSign=all');
    expectAppError(await follow(widened), 400, 'INVALID_TOKEN');
    const forged = link.url.replace(/signature=[^&]+/, 'signature=AAAA');
    expectAppError(await follow(forged), 400, 'INVALID_TOKEN');
    const unsigned = link.url.replace(/&signature=[^&]+/, '');
    expectAppError(await follow(unsigned), 400, 'VALIDATION');

    test.clock.set(new Date(test.clock.now().getTime() + 61_000));
    expectAppError(await follow(link.url), 400, 'INVALID_TOKEN');
    test.clock.set(new Date(test.clock.now().getTime() - 61_000));
    expect((await follow(link.url)).statusCode).toBe(200);

    await test.app.deps.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.email, team.email));
    expectAppError(await follow(link.url), 400, 'INVALID_TOKEN');
  });

  it('checks the filters and the accounts before answering a link', async () => {
    const team = await teamWithStatement(test);
    const other = await teamWithStatement(test);
    const future = shiftYears(isoDay(test.clock.now()), 1);
    expectAppError(
      await askLink(team.session, `?valueDateTo=${future}`),
      400,
      'VALIDATION',
      'valueDateTo',
    );
    expectAppError(await askLink(team.session, `?accountIds=${other.accountId}`), 404, 'NOT_FOUND');
    const unsubscribed = await signUpConfirmed(test);
    expectAppError(await askLink(unsubscribed.token, ''), 402, 'SUBSCRIPTION_REQUIRED');
  });

  it("never gives another team's rows, and stops when the subscription does", async () => {
    const team = await teamWithStatement(test);
    const other = await financialViewerTeam(test);
    const connection = await addManualAccount(test, team.session, team.connection.conId, {
      account_number: 'ES7921000813610123456789',
      account_name: 'Caja',
    });
    const imported = await importCsv(test, team.session, {
      accountId: connection,
      csv: statementCsv([
        { date: isoDay(test.clock.now()), description: 'SOLO NUESTRO', cents: 5 },
      ]),
    });
    expect(imported.statusCode).toBe(200);
    const theirs = await follow((await linkFor(other.session)).url);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('SOLO NUESTRO');
    expect(theirs.body.split('\r\n').filter((line) => line !== '')).toHaveLength(1);

    const link = await linkFor(team.session);
    await test.app.deps.db
      .update(subscriptions)
      .set({ status: 'CANCELED' })
      .where(eq(subscriptions.teamId, team.teamId));
    expectAppError(await follow(link.url), 402, 'SUBSCRIPTION_REQUIRED');
  });
});
