import type { TCashflowResponse, TForecastResponse } from '@app/contracts/financial-viewer';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { cpuPool } from '../../platform/cpu/cpu-pool.js';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';
import { isoDay, shiftDays } from './dates.js';
import {
  addManualAccount,
  createFileConnection,
  financialViewerTeam,
  importCsv,
  statementCsv,
  teamWithStatement,
} from './financial-viewer-fixtures.js';

const test = useTestApp();

function get(session: string, url: string) {
  return test.app.inject({ method: 'GET', url, headers: bearer(session) });
}

const FORECAST_URL = '/api/financialviewer/cashflow/forecast?amountToPredict=30';

/** What the cashflow page does on every load. */
async function updateCashflow(session: string): Promise<void> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/financialviewer/cashflow',
    headers: bearer(session),
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function lastBalance(session: string): Promise<number | undefined> {
  const cashflow = (await get(session, '/api/financialviewer/cashflow')).json<TCashflowResponse>();
  return cashflow.daily.at(-1)?.cashflow_balance;
}

async function forecast(session: string): Promise<TForecastResponse> {
  return (await get(session, FORECAST_URL)).json<TForecastResponse>();
}

/** The transaction ids that wrote the account's daily rows: a rewrite changes them. */
async function dailyRowWriters(accountId: string): Promise<string[]> {
  const result = (await test.app.deps.db.execute(sql`
    SELECT day::text || ' ' || xmin::text AS writer FROM fv_daily_cashflow
    WHERE account_id = ${accountId} ORDER BY day`)) as { rows: { writer: string }[] };
  return result.rows.map((row) => row.writer);
}

/** A movement stored without rebuilding the account's cashflow, as another writer could. */
async function insertBehindCashflow(team: { teamId: string; accountId: string }, cents: number) {
  const today = isoDay(test.clock.now());
  await test.app.deps.db.execute(sql`
    INSERT INTO fv_transactions (team_id, account_id, amount, description, value_date,
      operation_date, category_id, category_confidence)
    VALUES (${team.teamId}, ${team.accountId}, ${cents}, 'COBRO CLIENTE', ${today}, ${today},
      202, 0.9)`);
}

describe('GET /api/financialviewer/cashflow', () => {
  it('gives a row per day for two years and weekly buckets, ending at the balance', async () => {
    const team = await teamWithStatement(test);
    const update = await test.app.inject({
      method: 'POST',
      url: '/api/financialviewer/cashflow',
      headers: bearer(team.session),
    });
    expect(update.json()).toEqual({ accounts: 1 });
    const response = await get(team.session, '/api/financialviewer/cashflow');
    expect(response.statusCode, response.body).toBe(200);
    const cashflow = response.json<TCashflowResponse>();
    const today = isoDay(test.clock.now());
    expect(cashflow.daily.at(-1)?.cashflow_date).toBe(today);
    expect(cashflow.daily.length).toBeGreaterThan(700);
    const movement = team.rows.reduce((sum, row) => sum + row.cents, 0);
    expect(cashflow.daily.at(-1)?.cashflow_balance).toBe(1_000_000 + movement);
    expect(cashflow.daily[0]?.cashflow_balance).toBe(1_000_000);
    const income = team.rows
      .filter((row) => row.cents > 0)
      .reduce((sum, row) => sum + row.cents, 0);
    expect(cashflow.weekly.reduce((sum, week) => sum + week.income, 0)).toBe(income);
    for (const week of cashflow.weekly) {
      expect(Date.parse(week.endDate) - Date.parse(week.startDate)).toBeLessThanOrEqual(
        6 * 86_400_000,
      );
    }
  });

  it('keeps to the accounts and dates asked for', async () => {
    const team = await teamWithStatement(test);
    const today = isoDay(test.clock.now());
    const from = shiftDays(today, -10);
    const cashflow = (
      await get(
        team.session,
        `/api/financialviewer/cashflow?accountIds=${team.accountId}&dateFrom=${from}`,
      )
    ).json<TCashflowResponse>();
    expect(cashflow.daily).toHaveLength(11);
    expect(cashflow.daily[0]?.cashflow_date).toBe(from);
    expectAppError(
      await get(team.session, `/api/financialviewer/cashflow?dateFrom=${today}&dateTo=${from}`),
      400,
      'VALIDATION',
      'dateFrom',
    );
  });

  it('sums accounts of two currencies in euros at the reference rates', async () => {
    const team = await teamWithStatement(test);
    const dollars = await addManualAccount(test, team.session, team.connection.conId, {
      account_number: 'US-001',
      account_name: 'Dollar account',
      account_currency: 'USD',
      account_balance: 103_890,
    });
    const yesterday = shiftDays(isoDay(test.clock.now()), -1);
    const imported = await importCsv(test, team.session, {
      accountId: dollars,
      csv: statementCsv(
        [{ date: yesterday, description: 'COBRO CLIENTE USA', cents: 207_780 }],
        103_890,
      ),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    // At 1.0389 $/€: 1,038.90 $ opening and 2,077.80 $ received are 1,000 € and 2,000 €.
    const movement = team.rows.reduce((sum, row) => sum + row.cents, 0);
    expect(await lastBalance(team.session)).toBe(1_000_000 + movement + 100_000 + 200_000);
    const dollarsOnly = (
      await get(team.session, `/api/financialviewer/cashflow?accountIds=${dollars}`)
    ).json<TCashflowResponse>();
    expect(dollarsOnly.daily.find((row) => row.cashflow_date === yesterday)).toMatchObject({
      cashflow_income: 200_000,
      cashflow_balance: 300_000,
    });
    expect(dollarsOnly.daily[0]?.cashflow_balance).toBe(100_000);
  });

  it('is empty for a team without movements', async () => {
    const { session } = await financialViewerTeam(test);
    const cashflow = (
      await get(session, '/api/financialviewer/cashflow')
    ).json<TCashflowResponse>();
    expect(cashflow).toEqual({ daily: [], weekly: [], currency: 'EUR' });
  });

  it('serves groupAll=true (one series) and refuses groupAll=false rather than summing anyway', async () => {
    const { session } = await financialViewerTeam(test);
    expect((await get(session, '/api/financialviewer/cashflow?groupAll=true')).statusCode).toBe(
      200,
    );
    for (const url of [
      '/api/financialviewer/cashflow?groupAll=false',
      '/api/financialviewer/cashflow/forecast?groupAll=false',
    ]) {
      expectAppError(await get(session, url), 400, 'VALIDATION', 'groupAll');
    }
  });
});

describe('POST /api/financialviewer/cashflow', () => {
  it('rewrites nothing and keeps the stored forecast when nothing changed', async () => {
    const team = await teamWithStatement(test);
    await updateCashflow(team.session);
    const writers = await dailyRowWriters(team.accountId);
    expect(writers.length).toBeGreaterThan(0);
    const stored = await forecast(team.session);
    test.clock.advance(1);
    await updateCashflow(team.session);
    await updateCashflow(team.session);
    expect(await dailyRowWriters(team.accountId)).toEqual(writers);
    expect((await forecast(team.session)).computedAt).toBe(stored.computedAt);
  });

  it('rebuilds an account whose transactions changed, and the forecast follows', async () => {
    const team = await teamWithStatement(test);
    const balance = (await lastBalance(team.session)) ?? 0;
    const before = await forecast(team.session);
    await insertBehindCashflow(team, 5_000_000);
    await updateCashflow(team.session);
    expect(await lastBalance(team.session)).toBe(balance + 5_000_000);
    const after = await forecast(team.session);
    expect((after.rows[0]?.balance ?? 0) - (before.rows[0]?.balance ?? 0)).toBeGreaterThan(
      4_000_000,
    );
  });

  it('rebuilds an account whose transactions were removed behind it', async () => {
    const team = await teamWithStatement(test);
    await insertBehindCashflow(team, 7_000_000);
    await updateCashflow(team.session);
    const balance = (await lastBalance(team.session)) ?? 0;
    await test.app.deps.db.execute(sql`
      DELETE FROM fv_transactions WHERE account_id = ${team.accountId} AND amount = 7000000`);
    await updateCashflow(team.session);
    expect(await lastBalance(team.session)).toBe(balance - 7_000_000);
  });

  it("leaves another team's cashflow and forecast alone", async () => {
    const mine = await teamWithStatement(test);
    const theirs = await teamWithStatement(test);
    const theirBalance = await lastBalance(theirs.session);
    const theirWriters = await dailyRowWriters(theirs.accountId);
    const theirForecast = await forecast(theirs.session);
    await insertBehindCashflow(theirs, 5_000_000);
    await insertBehindCashflow(mine, 5_000_000);
    test.clock.advance(1);
    await updateCashflow(mine.session);
    expect(await dailyRowWriters(theirs.accountId)).toEqual(theirWriters);
    expect(await lastBalance(theirs.session)).toBe(theirBalance);
    expect((await forecast(theirs.session)).computedAt).toBe(theirForecast.computedAt);
    await updateCashflow(theirs.session);
    expect(await lastBalance(theirs.session)).toBe((theirBalance ?? 0) + 5_000_000);
  });

  it('makes the forecast again once an account is added, without a cashflow update', async () => {
    const team = await teamWithStatement(test);
    const before = await forecast(team.session);
    await addManualAccount(test, team.session, team.connection.conId, {
      account_number: 'ES7921000813610123456789',
      account_balance: 5_000_000,
    });
    const after = await forecast(team.session);
    expect((after.rows[0]?.balance ?? 0) - (before.rows[0]?.balance ?? 0)).toBe(5_000_000);
  });
});

describe('GET /api/financialviewer/cashflow/forecast', () => {
  it('forecasts every horizon with its 90 % band, the recurring payments and the low point', async () => {
    const team = await teamWithStatement(test);
    const today = isoDay(test.clock.now());
    for (const horizon of [30, 60, 90, 180, 365]) {
      const response = await get(
        team.session,
        `/api/financialviewer/cashflow/forecast?amountToPredict=${String(horizon)}&threshold=100000000`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const forecast = response.json<TForecastResponse>();
      expect(forecast.rows).toHaveLength(horizon);
      expect(forecast.rows[0]?.date).toBe(shiftDays(today, 1));
      for (const row of forecast.rows) {
        expect(row.pred05).toBeLessThanOrEqual(row.balance);
        expect(row.pred95).toBeGreaterThanOrEqual(row.balance);
      }
      // Far above any balance of this business: the first forecast day is already below.
      expect(forecast.belowThreshold?.date).toBe(shiftDays(today, 1));
      expect(forecast.history.at(-1)?.cashflow_date).toBe(today);
    }
    const forecast = (
      await get(team.session, '/api/financialviewer/cashflow/forecast?amountToPredict=90')
    ).json<TForecastResponse>();
    expect(forecast.threshold).toBe(0);
    const rent = forecast.recurring.find((payment) => payment.description.includes('ALQUILER'));
    expect(rent).toMatchObject({ cadence: 'monthly', amount: -120_000 });
    expect(rent?.nextDate.slice(8, 10)).toBe('01');
  });

  it('answers No data (no rows) when the history is too short', async () => {
    const { session } = await financialViewerTeam(test);
    const connection = await createFileConnection(test, session);
    const accountId = await addManualAccount(test, session, connection.conId);
    const today = isoDay(test.clock.now());
    await importCsv(test, session, {
      accountId,
      csv: statementCsv([{ date: today, description: 'TRANSFERENCIA', cents: 1000 }]),
    });
    const forecast = (
      await get(session, '/api/financialviewer/cashflow/forecast')
    ).json<TForecastResponse>();
    expect(forecast.rows).toEqual([]);
    expect(forecast.belowThreshold).toBeNull();
  });

  it('refuses a horizon that is not offered', async () => {
    const { session } = await financialViewerTeam(test);
    expectAppError(
      await get(session, '/api/financialviewer/cashflow/forecast?amountToPredict=45'),
      400,
      'VALIDATION',
      'amountToPredict',
    );
  });

  it('searches the recurring payments once for every horizon of the same data and day', async () => {
    const team = await teamWithStatement(test);
    const at = async (horizon: number) => {
      const response = await get(
        team.session,
        `/api/financialviewer/cashflow/forecast?amountToPredict=${String(horizon)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TForecastResponse>();
    };
    const run = vi.spyOn(cpuPool, 'run');
    const searches = () =>
      run.mock.calls.filter(([task]) => task === 'listRecurringPayments').length;
    try {
      const month = await at(30);
      const year = await at(365);
      expect(year.rows).toHaveLength(365);
      expect(year.recurring).toEqual(month.recurring);
      expect(month.recurring.length).toBeGreaterThan(0);
      expect(searches()).toBe(1);
      const today = isoDay(test.clock.now());
      await importCsv(test, team.session, {
        accountId: team.accountId,
        csv: statementCsv([{ date: today, description: 'COBRO CLIENTE', cents: 10_000 }]),
        fileName: 'today.csv',
      });
      const afterImport = await at(90);
      expect(searches()).toBe(2);
      // A forecast, and the payments it found, are of their day: the next day makes both again.
      test.clock.advance(86_400_000);
      const nextDay = await at(90);
      expect(nextDay.computedAt).not.toBe(afterImport.computedAt);
      expect(nextDay.rows[0]?.date).toBe(shiftDays(afterImport.rows[0]?.date ?? '', 1));
      expect(searches()).toBe(3);
      await at(30);
      expect(searches()).toBe(3);
    } finally {
      run.mockRestore();
    }
  });

  it('makes the forecast again once the data changed', async () => {
    const team = await teamWithStatement(test);
    const url = '/api/financialviewer/cashflow/forecast?amountToPredict=30';
    const before = (await get(team.session, url)).json<TForecastResponse>();
    const today = isoDay(test.clock.now());
    await importCsv(test, team.session, {
      accountId: team.accountId,
      csv: statementCsv([{ date: today, description: 'COBRO GRAN CLIENTE', cents: 5_000_000 }]),
      fileName: 'today.csv',
    });
    const after = (await get(team.session, url)).json<TForecastResponse>();
    expect((after.rows[0]?.balance ?? 0) - (before.rows[0]?.balance ?? 0)).toBeGreaterThan(
      4_000_000,
    );
  });
});
