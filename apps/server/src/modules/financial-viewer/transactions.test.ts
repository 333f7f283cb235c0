import type {
  TCategorizationResponse,
  TTransactionsResponse,
  TUpdateCategoryResponse,
} from '@app/contracts/financial-viewer';
import { describe, expect, it } from 'vitest';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';
import { isoDay, shiftDays, shiftYears } from './dates.js';
import { csvRowFinisher, streamTransactionsCsv } from './transactions-csv.js';
import {
  addManualAccount,
  importCsv,
  statementCsv,
  teamWithLongStatement,
  teamWithStatement,
} from './financial-viewer-fixtures.js';

const test = useTestApp();

async function list(session: string, query = '', path = 'transaction') {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/financialviewer/${path}${query}`,
    headers: bearer(session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TTransactionsResponse>();
}

/** The data lines (no header) of a whole CSV download. */
async function csvLines(options: Parameters<typeof streamTransactionsCsv>[1]) {
  let text = '';
  for await (const chunk of streamTransactionsCsv(test.app.deps.db, options)) text += String(chunk);
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .slice(1);
}

describe('GET /api/financialviewer/transaction', () => {
  it('pages the newest first by value date, with account and category', async () => {
    const team = await teamWithStatement(test);
    const first = await list(team.session);
    expect(first.total).toBe(team.rows.length);
    expect(first.items).toHaveLength(10);
    expect(first.page).toBe(0);
    const dates = first.items.map((item) => item.txValueDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.items[0]).toMatchObject({
      accountName: 'Cuenta negocio',
      txCurrency: 'EUR',
      isCategoryManual: false,
    });
    const second = await list(team.session, '?page=1&pageSize=10');
    expect((second.items[0]?.txValueDate ?? '') <= (first.items.at(-1)?.txValueDate ?? '')).toBe(
      true,
    );
    expect(new Set([...first.items, ...second.items].map((item) => item.txId)).size).toBe(20);
  });

  it('categorises what it imports: rent, payroll and fuel under their parents', async () => {
    const team = await teamWithStatement(test);
    const rent = await list(team.session, '?q=ALQUILER&pageSize=1');
    expect(rent.items[0]?.category.parentDescription).toBe('Home and Office');
    const payroll = await list(team.session, '?q=nominas&pageSize=1');
    expect(payroll.items[0]?.category.parentDescription).toBe('Employees');
    const fuel = await list(team.session, '?q=repsol&pageSize=1');
    expect(fuel.items[0]?.category.parentDescription).toBe('Transportation');
  });

  it('filters by sign, dates, account, type and company, and sorts by amount', async () => {
    const team = await teamWithStatement(test);
    const incomes = await list(team.session, '?amountSign=income&pageSize=500');
    expect(incomes.items.every((item) => item.txAmount > 0)).toBe(true);
    expect(incomes.total).toBe(team.rows.filter((row) => row.cents > 0).length);
    const expenses = await list(team.session, '?pageSize=500', 'expenses');
    expect(expenses.total).toBe(team.rows.filter((row) => row.cents < 0).length);
    const byAmount = await list(team.session, '?sortBy=amount,asc&pageSize=3');
    expect(byAmount.items[0]?.txAmount).toBe(-450_000);
    const today = isoDay(test.clock.now());
    const from = shiftDays(today, -30);
    const recent = await list(
      team.session,
      `?valueDateFrom=${from}&valueDateTo=${today}&pageSize=500`,
    );
    expect(recent.total).toBe(team.rows.filter((row) => row.date >= from).length);
    // A bound at the first or last day is no bound; one a day inside still cuts.
    const days = team.rows.map((row) => row.date).sort();
    const [first, last] = [days[0] ?? today, days.at(-1) ?? today];
    const whole = await list(team.session, `?valueDateFrom=${first}&valueDateTo=${last}`);
    expect(whole.total).toBe(team.rows.length);
    const inner = await list(
      team.session,
      `?valueDateFrom=${shiftDays(first, 1)}&valueDateTo=${shiftDays(last, -1)}&sortBy=accountName,asc&pageSize=500`,
    );
    const inside = team.rows.filter((row) => row.date > first && row.date < last);
    expect(inner.total).toBe(inside.length);
    expect(inner.items).toHaveLength(inside.length);
    const mine = await list(
      team.session,
      `?accountIds=${team.accountId}&accountTypes=ACCOUNT&companyNames=acme%20industries%20sl&entCodes=SANTANDER_ES`,
    );
    expect(mine.total).toBe(team.rows.length);
    expect((await list(team.session, '?accountTypes=CARD')).total).toBe(0);
    expect((await list(team.session, '?companyNames=Other')).total).toBe(0);
  });

  it('refuses dates more than 20 years back, in the future or out of order', async () => {
    const team = await teamWithStatement(test);
    const today = isoDay(test.clock.now());
    const call = (query: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/financialviewer/transaction?${query}`,
        headers: bearer(team.session),
      });
    expectAppError(
      await call(`valueDateFrom=${shiftYears(today, -21)}`),
      400,
      'VALIDATION',
      'valueDateFrom',
    );
    expectAppError(
      await call(`valueDateTo=${shiftDays(today, 5)}`),
      400,
      'VALIDATION',
      'valueDateTo',
    );
    expectAppError(
      await call(`valueDateFrom=${today}&valueDateTo=${shiftDays(today, -3)}`),
      400,
      'VALIDATION',
      'valueDateFrom',
    );
    expectAppError(await call('sortBy=password,asc'), 400, 'VALIDATION', 'sortBy');
    expectAppError(await call('accountIds=not-a-uuid'), 400, 'VALIDATION', 'accountIds');
    expectAppError(await call('pageSize=10001'), 400, 'VALIDATION', 'pageSize');
  });
});

describe('GET /api/financialviewer/transaction/filteredCsv', () => {
  it('downloads every filtered row for Spanish Excel, with formulas neutralised', async () => {
    const team = await teamWithStatement(test);
    const second = await addManualAccount(test, team.session, team.connection.conId, {
      account_number: 'ES7921000813610123456789',
      account_name: 'Caja',
    });
    const today = isoDay(test.clock.now());
    const imported = await importCsv(test, team.session, {
      accountId: second,
      csv: statementCsv([
        { date: today, description: '=HYPERLINK("http://evil")', cents: -1_234 },
        { date: today, description: 'PAGO; "CON" COMILLAS', cents: 250_050 },
      ]),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/financialviewer/transaction/filteredCsv?accountIds=${second}&sortBy=amount,asc`,
      headers: { ...bearer(team.session), 'accept-language': 'es' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{8}-\d{6}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFFecha valor;Fecha operación;Concepto;Importe;Saldo;Divisa;Cuenta;Categoría;Categoría principal',
    );
    const [day, month, year] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
    expect(lines[1]).toMatch(
      new RegExp(
        `^${day}/${month}/${year};${day}/${month}/${year};"'=HYPERLINK\\(""http://evil""\\)";-12,34;`,
      ),
    );
    expect(lines[2]).toContain(';"PAGO; ""CON"" COMILLAS";2500,50;');
    expect(lines.filter((line) => line !== '')).toHaveLength(3);
  });

  it('streams more rows than one batch, in the order asked, each row once', async () => {
    const team = await teamWithStatement(test);
    const today = isoDay(test.clock.now());
    const rows = Array.from({ length: 2500 }, (_, index) => ({
      date: shiftDays(today, -(index % 90)),
      description: `PAGO ${String(index)}`,
      cents: -((index * 37) % 5000) - 1,
    }));
    const imported = await importCsv(test, team.session, {
      accountId: team.accountId,
      csv: statementCsv(rows),
      fileName: 'many.csv',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const lines = await csvLines({
      teamId: team.teamId,
      language: 'en-US',
      filters: { amountSign: 'expense' },
      sortBy: 'amount,asc',
      batchSize: 700,
    });
    const expenses = team.rows.filter((row) => row.cents < 0).length + rows.length;
    expect(lines).toHaveLength(expenses);
    expect(new Set(lines).size).toBe(lines.length);
    const amounts = lines.map((line) => Number(line.split(';')[3]?.replace(',', '.')));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('pages by either date, either way, across batches, a last batch filled exactly included', async () => {
    const team = await teamWithStatement(test);
    const today = isoDay(test.clock.now());
    const rows = Array.from({ length: 1200 }, (_, index) => ({
      date: shiftDays(today, -(index % 400)),
      description: `RECIBO ${String(index)}`,
      cents: -(index + 1),
    }));
    const imported = await importCsv(test, team.session, {
      accountId: team.accountId,
      csv: statementCsv(rows),
      fileName: 'dated.csv',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const total = team.rows.length + rows.length;
    // dd/mm/yyyy as yyyy-mm-dd, to compare the order.
    const isoOf = (line: string) => line.slice(6, 10) + line.slice(3, 5) + line.slice(0, 2);
    const cases = [
      { sortBy: 'valueDate,asc', batchSize: 250 },
      { sortBy: 'valueDate,asc', batchSize: total },
      { sortBy: 'valueDate,desc', batchSize: 250 },
      { sortBy: 'operationDate,asc', batchSize: 333 },
      { sortBy: 'operationDate,desc', batchSize: 250 },
    ];
    for (const { sortBy, batchSize } of cases) {
      const lines = await csvLines({
        teamId: team.teamId,
        language: 'es',
        filters: { amountSign: 'all' },
        sortBy,
        batchSize,
      });
      expect(lines).toHaveLength(total);
      expect(new Set(lines).size).toBe(total);
      const days = lines.map(
        sortBy.startsWith('valueDate') ? isoOf : (line) => isoOf(line.slice(11)),
      );
      const sorted = [...days].sort();
      expect(days).toEqual(sortBy.endsWith('asc') ? sorted : sorted.reverse());
    }
  });

  it('sorts by account name in the grid, page by page, and across CSV batches alike, accounts of one name together', async () => {
    const { team, accountIds } = await teamWithNamedAccounts();
    const scopes = [
      { filters: { amountSign: 'all' as const }, query: '' },
      {
        filters: { amountSign: 'all' as const, accountIds: accountIds.slice(1, 3) },
        query: `&accountIds=${accountIds.slice(1, 3).join(',')}`,
      },
    ];
    for (const direction of ['asc', 'desc']) {
      for (const { filters, query } of scopes) {
        const grid = await list(
          team.session,
          `?sortBy=accountName,${direction}&pageSize=1000${query}`,
        );
        const lines = await csvLines({
          teamId: team.teamId,
          language: 'en-US',
          filters,
          sortBy: `accountName,${direction}`,
          batchSize: 40,
        });
        expect(lines).toHaveLength(grid.total);
        expect(lines.map((line) => [line.split(';')[6], line.split(';')[2]])).toEqual(
          grid.items.map((item) => [item.accountName, item.txDescription]),
        );
        await expectSortedByName(team.session, direction, query);
      }
    }
  });

  it('sorts by account name within a date range and a sign, page by page', async () => {
    const { team } = await teamWithNamedAccounts();
    const today = isoDay(test.clock.now());
    const from = shiftDays(today, -30);
    // What the web sends: a date range always (the last 5 years by default).
    const query = `&amountSign=expense&valueDateFrom=${from}&valueDateTo=${today}`;
    for (const direction of ['asc', 'desc']) {
      const grid = await list(
        team.session,
        `?sortBy=accountName,${direction}&pageSize=1000${query}`,
      );
      expect(grid.items).toHaveLength(grid.total);
      expect(grid.total).toBeGreaterThan(100);
      expect(grid.items.every((item) => item.txValueDate >= from && item.txAmount < 0)).toBe(true);
      await expectSortedByName(team.session, direction, query);
    }
  });
});

/**
 * The grid sorted by account name, then value date, then id (a uuid's text sorts as its
 * bytes), and its pages.
 */
async function expectSortedByName(session: string, direction: string, query: string) {
  const grid = await list(session, `?sortBy=accountName,${direction}&pageSize=1000${query}`);
  const sign = direction === 'asc' ? 1 : -1;
  const expected = [...grid.items]
    .sort(
      (a, b) =>
        sign *
        (a.accountName.localeCompare(b.accountName, 'en') ||
          a.txValueDate.localeCompare(b.txValueDate) ||
          (a.txId < b.txId ? -1 : 1)),
    )
    .map((item) => item.txId);
  expect(grid.items.map((item) => item.txId)).toEqual(expected);
  const paged: string[] = [];
  for (let page = 0; page * 23 < grid.total; page++) {
    const { items } = await list(
      session,
      `?sortBy=accountName,${direction}&page=${String(page)}&pageSize=23${query}`,
    );
    paged.push(...items.map((item) => item.txId));
  }
  expect(paged).toEqual(expected);
}

/** `teamWithStatement` plus three accounts of 150 rows, one of them of the same name. */
async function teamWithNamedAccounts() {
  const team = await teamWithStatement(test);
  const today = isoDay(test.clock.now());
  // Two accounts share the statement account's name: their rows interleave by id.
  const accounts = [
    ['ES7921000813610123456789', 'Caja'],
    ['ES7921000813610123456790', 'Cuenta negocio'],
    ['ES7921000813610123456791', 'Ahorro'],
  ];
  const accountIds = [team.accountId];
  for (const [index, [number, name]] of accounts.entries()) {
    const accountId = await addManualAccount(test, team.session, team.connection.conId, {
      account_number: number ?? '',
      account_name: name ?? '',
    });
    accountIds.push(accountId);
    const rows = Array.from({ length: 150 }, (_, row) => ({
      date: shiftDays(today, -(row % 60)),
      description: `MOVIMIENTO ${String(index)}-${String(row)}`,
      cents: -1 - row,
    }));
    const imported = await importCsv(test, team.session, { accountId, csv: statementCsv(rows) });
    expect(imported.statusCode, imported.body).toBe(200);
  }
  return { team, accountIds };
}

describe('the CSV stream', () => {
  it("names each row's account and category, writes its cents with a comma, guards its description, ends it with CRLF, whatever the chunking", () => {
    const account = '0b7f2a4e-4b1c-4d2a-9a53-5d5a1c0e8f11';
    // Ids alike but for their last character: the finisher tells them apart.
    const savings = '0b7f2a4e-4b1c-4d2a-9a53-5d5a1c0e8f12';
    const accounts = [
      { id: account, currency: 'EUR', name: '=Caja; "central"' },
      { id: savings, currency: 'USD', name: 'Ahorro' },
    ];
    const rows = [
      `01/02/2026;01/02/2026;COMPRA;-1250;;${account};202\n`,
      `02/02/2026;02/02/2026;"LINEA 1\nLINEA 2 ;-5;${account};202";300;123456;${account};101\n`,
      `03/02/2026;03/02/2026;SIN CUENTA;5;-5;3f1c2b9a-0000-4000-8000-000000000000;9999\n`,
      `04/02/2026;04/02/2026; =1+1;-12;0;${account};101\n`,
      `05/02/10000;05/02/2026;"@SUM(1;2)";-123456789012;;${account};101\n`,
      `06/02/2026;06/02/2026;INTERESES;7;10007;${savings};202\n`,
    ].join('');
    const named = `EUR;"'=Caja; ""central"""`;
    const expected = [
      `01/02/2026;01/02/2026;COMPRA;-12,50;;${named};Supermercados y alimentación;Comida y restauración\r\n`,
      `02/02/2026;02/02/2026;"LINEA 1\nLINEA 2 ;-5;${account};202";3,00;1234,56;${named};Sin categorizar;Sin categoría\r\n`,
      '03/02/2026;03/02/2026;SIN CUENTA;0,05;-0,05;;;;\r\n',
      `04/02/2026;04/02/2026;' =1+1;-0,12;0,00;${named};Sin categorizar;Sin categoría\r\n`,
      `05/02/10000;05/02/2026;"'@SUM(1;2)";-1234567890,12;;${named};Sin categorizar;Sin categoría\r\n`,
      '06/02/2026;06/02/2026;INTERESES;0,07;100,07;USD;Ahorro;Supermercados y alimentación;Comida y restauración\r\n',
    ].join('');
    const bytes = Buffer.from(rows);
    for (let cut = 0; cut <= bytes.length; cut += 7) {
      const finish = csvRowFinisher(accounts, 'es');
      const text = [bytes.subarray(0, cut), bytes.subarray(cut)]
        .map((chunk) => finish(chunk).toString())
        .join('');
      expect(text, `cut at ${String(cut)}`).toBe(expected);
    }
  });

  it('stays usable after many downloads read only in part', async () => {
    const team = await teamWithLongStatement(test);
    // More downloads left after their first rows than the PostgreSQL pool has connections.
    for (let attempt = 0; attempt < 12; attempt++) {
      const stream = streamTransactionsCsv(test.app.deps.db, {
        teamId: team.teamId,
        language: 'en-US',
        filters: { amountSign: 'all' },
        sortBy: 'valueDate,desc',
        bufferBytes: 1,
      });
      let chunks = 0;
      for await (const chunk of stream) {
        expect(String(chunk).length).toBeGreaterThan(0);
        if (++chunks === 2) break;
      }
      expect(chunks).toBe(2);
    }
    const whole = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/transaction/filteredCsv',
      headers: bearer(team.session),
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.body.split('\r\n').filter((line) => line !== '')).toHaveLength(
      team.rows.length + team.longRows.length + 1,
    );
  });
});

describe('a person corrects a category', () => {
  it('sets it, applies it to similar transactions, and the next import learns it', async () => {
    const team = await teamWithStatement(test);
    const mercadona = await list(team.session, '?q=MERCADONA&pageSize=100');
    const [first] = mercadona.items;
    if (!first) throw new Error('no Mercadona purchase');
    expect(first.category.catId).not.toBe(1204);
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/financialviewer/transaction/${first.txId}/category`,
      headers: bearer(team.session),
      payload: { catId: 1204, applyToSimilar: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TUpdateCategoryResponse>();
    expect(body.transaction).toMatchObject({ isCategoryManual: true, categoryConfidence: 1 });
    expect(body.transaction.category.catId).toBe(1204);
    expect(body.similarUpdated).toBe(mercadona.total - 1);
    const after = await list(team.session, '?q=MERCADONA&pageSize=100');
    expect(after.items.every((item) => item.category.catId === 1204)).toBe(true);

    const today = isoDay(test.clock.now());
    const next = await importCsv(test, team.session, {
      accountId: team.accountId,
      csv: statementCsv([
        { date: today, description: 'COMPRA TARJ. MERCADONA VALENCIA', cents: -4_321 },
      ]),
      fileName: 'today.csv',
    });
    expect(next.statusCode, next.body).toBe(200);
    const learned = await list(team.session, '?q=VALENCIA');
    expect(learned.items[0]?.category.catId).toBe(1204);
    expect(learned.items[0]?.isCategoryManual).toBe(false);
  });

  it('applies it to similar ones no person set, of the same direction, in the same team', async () => {
    const team = await teamWithStatement(test);
    const other = await teamWithStatement(test);
    const today = isoDay(test.clock.now());
    const refund = await importCsv(test, team.session, {
      accountId: team.accountId,
      csv: statementCsv([
        { date: today, description: 'COMPRA TARJ. MERCADONA MADRID', cents: 845 },
      ]),
      fileName: 'refund.csv',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const purchases = (await list(team.session, '?q=MERCADONA&amountSign=expense&pageSize=100'))
      .items;
    const [byPerson, corrected] = purchases;
    if (!byPerson || !corrected) throw new Error('fewer than two Mercadona purchases');
    const setCategory = (txId: string, catId: number, applyToSimilar: boolean) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/financialviewer/transaction/${txId}/category`,
        headers: bearer(team.session),
        payload: { catId, applyToSimilar },
      });
    expect((await setCategory(byPerson.txId, 201, false)).statusCode).toBe(200);
    const response = await setCategory(corrected.txId, 1204, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TUpdateCategoryResponse>().similarUpdated).toBe(purchases.length - 2);

    const after = await list(team.session, '?q=MERCADONA&pageSize=100');
    const categoryOf = new Map(after.items.map((item) => [item.txId, item.category.catId]));
    expect(categoryOf.get(byPerson.txId)).toBe(201);
    const untouched = after.items.filter((item) => item.txAmount > 0);
    expect(untouched).toHaveLength(1);
    expect(untouched[0]?.category.catId).not.toBe(1204);
    expect(after.items.filter((item) => item.category.catId === 1204)).toHaveLength(
      purchases.length - 1,
    );
    const theirs = await list(other.session, '?q=MERCADONA&pageSize=100');
    expect(theirs.items.some((item) => item.category.catId === 1204)).toBe(false);
  });

  it('without applyToSimilar changes only that transaction', async () => {
    const team = await teamWithStatement(test);
    const mercadona = await list(team.session, '?q=MERCADONA&pageSize=100');
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/financialviewer/transaction/${mercadona.items[0]?.txId ?? ''}/category`,
      headers: bearer(team.session),
      payload: { catId: 1204, applyToSimilar: false },
    });
    expect(response.json<TUpdateCategoryResponse>().similarUpdated).toBe(0);
    const after = await list(team.session, '?catIds=1204');
    expect(after.total).toBe(1);
  });

  it('refuses an unknown category', async () => {
    const team = await teamWithStatement(test);
    const [item] = (await list(team.session)).items;
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/financialviewer/transaction/${item?.txId ?? ''}/category`,
      headers: bearer(team.session),
      payload: { catId: 9999 },
    });
    expectAppError(response, 400, 'VALIDATION', 'catId');
  });
});

describe('GET /api/financialviewer/categorization', () => {
  it('sums expenses and incomes by parent, biggest first, with sub-categories', async () => {
    const team = await teamWithStatement(test);
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/categorization',
      headers: { ...bearer(team.session), 'accept-language': 'es' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<TCategorizationResponse>();
    const spent = team.rows.filter((row) => row.cents < 0).reduce((sum, row) => sum - row.cents, 0);
    const earned = team.rows
      .filter((row) => row.cents > 0)
      .reduce((sum, row) => sum + row.cents, 0);
    expect(summary.expenses.reduce((sum, parent) => sum + parent.total, 0)).toBe(spent);
    expect(summary.incomes.reduce((sum, parent) => sum + parent.total, 0)).toBe(earned);
    const totals = summary.expenses.map((parent) => parent.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(summary.expenses.map((parent) => parent.description)).toContain('Empleados');
    for (const parent of summary.expenses) {
      expect(parent.subcategories.reduce((sum, item) => sum + item.total, 0)).toBe(parent.total);
    }
  });
});
