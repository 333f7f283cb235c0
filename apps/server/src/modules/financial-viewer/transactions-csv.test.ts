import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.js';
import { bearer, useTestApp } from '../../test/test-app.js';
import { isoDay } from './dates.js';
import {
  addManualAccount,
  importCsv,
  statementCsv,
  teamWithStatement,
} from './financial-viewer-fixtures.js';
import { neutralizeCsvCell } from '@app/finance';
import { csvFileName } from './transactions-csv.js';

const test = useTestApp();

/** Texts a spreadsheet would run as a formula, blanks before the sign included (OWASP). */
const FORMULAS = [
  '=HYPERLINK("http://evil")',
  '+1+1',
  '-2+3',
  '@SUM(1)',
  '\tTAB',
  '\rCR',
  '  =1+1',
  '\t=CMD()',
  '\u00a0@SUM(2)',
  ' -3',
];
/** Texts that only hold such a sign further on, or start with blanks before plain text. */
const PLAIN = ['PAGO = 5 EUROS', ' NOMINA', 'a-b@c'];

async function download(session: string, query: string) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/financialviewer/transaction/filteredCsv${query}`,
    headers: bearer(session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('the CSV download neutralises formulas', () => {
  it('in the description and account name columns, blanks before the sign included', async () => {
    const team = await teamWithStatement(test);
    const texts = [...FORMULAS, ...PLAIN];
    // One account per text, named by it, holding one transaction described by it. The import
    // trims descriptions, as a bank's sync may not: they are set in the database.
    for (const [index, text] of texts.entries()) {
      const accountId = await addManualAccount(test, team.session, team.connection.conId, {
        account_number: `ES-CSV-${String(index)}`,
        account_name: `Account ${String(index)}`,
      });
      const imported = await importCsv(test, team.session, {
        accountId,
        csv: statementCsv([
          { date: isoDay(test.clock.now()), description: `ROW ${String(index)}`, cents: -100 },
        ]),
      });
      expect(imported.statusCode, imported.body).toBe(200);
      const { db } = test.app.deps;
      await db
        .update(schema.fvAccounts)
        .set({ name: text })
        .where(and(eq(schema.fvAccounts.teamId, team.teamId), eq(schema.fvAccounts.id, accountId)));
      await db
        .update(schema.fvTransactions)
        .set({ description: text })
        .where(
          and(
            eq(schema.fvTransactions.teamId, team.teamId),
            eq(schema.fvTransactions.accountId, accountId),
          ),
        );
    }
    const { body } = await download(team.session, '');
    for (const text of FORMULAS) {
      // Description and account name: both cells start with the apostrophe.
      const cell = new RegExp(`(^|;)"?'${literal(text)}"?;`, 'gm');
      expect(body.match(cell), JSON.stringify(text)).toHaveLength(2);
      expect(body).not.toMatch(new RegExp(`(^|;)"?${literal(text)}"?;`, 'm'));
    }
    for (const text of PLAIN) {
      expect(body.match(new RegExp(`;${literal(text)};`, 'g')), text).toHaveLength(2);
      expect(body).not.toContain(`'${text}`);
    }
  });

  it('guards the names the download writes the same way', () => {
    for (const text of FORMULAS) expect(neutralizeCsvCell(text)).toBe(`'${text}`);
    for (const text of PLAIN) expect(neutralizeCsvCell(text)).toBe(text);
  });

  it('guards an account name typed as a formula, which the app shows as typed', async () => {
    const team = await teamWithStatement(test);
    const accountId = await addManualAccount(test, team.session, team.connection.conId, {
      account_number: 'ES-CSV-NAME',
      account_name: '=1+2',
    });
    const imported = await importCsv(test, team.session, {
      accountId,
      csv: statementCsv([{ date: isoDay(test.clock.now()), description: 'PAGO', cents: -100 }]),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const { body } = await download(team.session, `?accountIds=${accountId}`);
    expect(body).toContain(";'=1+2;");
    const accounts = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/account',
      headers: bearer(team.session),
    });
    expect(accounts.body).toContain('"accountName":"=1+2"');
  });
});

describe("the CSV download's file name", () => {
  it("is the moment of the download on the user's clock", async () => {
    const team = await teamWithStatement(test);
    // Kiritimati is UTC+14 all year: its date is never the UTC one at the same moment.
    await test.app.deps.db
      .update(schema.users)
      .set({ timeZone: 'Pacific/Kiritimati' })
      .where(eq(schema.users.email, team.email));
    const response = await download(team.session, '');
    const there = new Date(test.clock.now().getTime() + 14 * 3_600_000);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${csvFileName(there)}"`,
    );
    expect(csvFileName(there)).not.toBe(csvFileName(test.clock.now()));
  });

  it('stamps UTC without a time zone or with one the runtime does not know', () => {
    const moment = new Date('2026-11-24T23:30:05Z');
    expect(csvFileName(moment)).toBe('transactions-20261124-233005.csv');
    expect(csvFileName(moment, 'Not/AZone')).toBe('transactions-20261124-233005.csv');
    expect(csvFileName(moment, 'Europe/Madrid')).toBe('transactions-20261125-003005.csv');
  });
});

/** A cell's text as a pattern: its quotes doubled, as in a quoted CSV cell. */
function literal(text: string): string {
  return text.replaceAll('"', '""').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
