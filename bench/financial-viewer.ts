/**
 * Financial Viewer speed with one team holding 1,000,000 transactions over 100 accounts:
 * transactions pages (the spec's filters and sorts), the cashflow call, the CSV download of
 * every row, a 365-day forecast per account and a 100,000-row statement import through the
 * API; then a category correction applied to similar transactions. Prints a table per database.
 *
 *   npx tsx bench/financial-viewer.ts                 # embedded PGlite, in a data folder as the product runs it
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/financial-viewer.ts
 *
 * Options: BENCH_TRANSACTIONS (default 1000000), BENCH_ACCOUNTS (100), BENCH_RUNS (30).
 */
import { sql } from 'drizzle-orm';
import type {
  TImportResult,
  TUpdateCategoryResponse,
} from '../packages/contracts/src/financial-viewer.js';
import { buildTestApp } from '../apps/server/src/test/test-app.js';
import { checkpointIfWalGrew, vacuumGrownTables } from '../apps/server/src/db/autovacuum.js';
import { formUpload } from '../apps/server/src/test/fixtures.js';
import { bearer } from '../apps/server/src/test/test-app.js';
import {
  financialViewerTeam,
  statementCsv,
} from '../apps/server/src/modules/financial-viewer/financial-viewer-fixtures.js';
import {
  isoDay,
  shiftDays,
  shiftYears,
} from '../apps/server/src/modules/financial-viewer/dates.js';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const IMPORT_ROWS = 100_000;
const HISTORY_DAYS = 3 * 365;

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

type Row = { task: string; target: string; measured: string; isMet: boolean };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function time<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

/** Streams the CSV over a real socket, counting lines and sampling the process's memory. */
async function downloadCsv(
  address: string,
  session: string,
  query = '',
): Promise<{ lines: number; rssStartMb: number; rssPeakMb: number }> {
  const megabytes = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
  const rssStartMb = megabytes();
  let rssPeakMb = rssStartMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, megabytes());
  }, 50);
  const response = await fetch(`${address}/api/financialviewer/transaction/filteredCsv${query}`, {
    headers: bearer(session),
  });
  let lines = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    const bytes = chunk.value as Uint8Array;
    // indexOf, not a loop over every byte: the client shares the server's thread here.
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines += 1;
  }
  clearInterval(sampler);
  return { lines, rssStartMb, rssPeakMb };
}

async function main(): Promise<void> {
  // PGlite in a data folder, as the product runs it (in memory it copies its files as they grow).
  const test = await buildTestApp({}, { embeddedOnDisk: true });
  const { app } = test;
  const db = app.deps.db;
  const team = await financialViewerTeam(test);
  const today = isoDay(test.clock.now());
  const first = shiftDays(today, -HISTORY_DAYS);

  const seeding = await time(async () => {
    await db.execute(sql`
      INSERT INTO fv_connections (team_id, name, source, status, operation_id, bank_code, bank_name)
      SELECT ${team.teamId}::uuid, 'Bench bank ' || n, 'FILE', 'OK', 'bench-op-' || n,
        (ARRAY['SANTANDER_ES','BBVA_ES','CAIXABANK_ES','SABADELL_ES','BANKINTER_ES'])[1 + n % 5], 'Bench'
      FROM generate_series(1, 10) AS n`);
    await db.execute(sql`
      INSERT INTO fv_accounts (team_id, connection_id, name, number, type, subtype, currency, opening_balance)
      SELECT ${team.teamId}::uuid, c.id, 'Account ' || n, 'BENCH-' || n,
        CASE WHEN n % 5 = 0 THEN 'CARD' ELSE 'ACCOUNT' END,
        CASE WHEN n % 5 = 0 THEN 'CREDIT' ELSE 'CHECKING' END,
        CASE WHEN n % 10 = 0 THEN 'USD' ELSE 'EUR' END, 5000000
      FROM generate_series(1, ${ACCOUNTS}) AS n
      JOIN fv_connections c ON c.operation_id = 'bench-op-' || (1 + n % 10)`);
    await db.execute(sql`
      WITH accounts AS (
        SELECT id, row_number() OVER (ORDER BY id) - 1 AS position FROM fv_accounts
        WHERE team_id = ${team.teamId}::uuid
      )
      INSERT INTO fv_transactions (team_id, account_id, amount, description, value_date,
        operation_date, category_id, category_confidence)
      SELECT ${team.teamId}::uuid, a.id,
        CASE WHEN n % 3 = 0 THEN 10000 + (n * 7919) % 400000 ELSE -(500 + (n * 104729) % 150000) END,
        (ARRAY['COMPRA TARJ. MERCADONA', 'RECIBO IBERDROLA', 'TRANSFERENCIA A FAVOR DE CLIENTE',
               'PAGO NOMINAS', 'SEGUROS SOCIALES TGSS', 'COMPRA TARJ. REPSOL', 'RECIBO MOVISTAR',
               'COMISION MANTENIMIENTO'])[1 + n % 8] || ' ' || n,
        ${first}::date + (n * ${HISTORY_DAYS} / ${TRANSACTIONS})::int,
        ${first}::date + (n * ${HISTORY_DAYS} / ${TRANSACTIONS})::int,
        (ARRAY[202, 901, 1302, 1101, 1102, 301, 904, 1003])[1 + n % 8], 0.85
      FROM generate_series(0::bigint, ${TRANSACTIONS - 1}) AS n
      JOIN accounts a ON a.position = n % ${ACCOUNTS}`);
    await db.execute(sql`
      INSERT INTO fv_daily_cashflow (team_id, account_id, day, income, expense,
        transaction_count, income_count, expense_count)
      SELECT team_id, account_id, value_date,
        coalesce(sum(amount) FILTER (WHERE amount > 0), 0),
        coalesce(-sum(amount) FILTER (WHERE amount < 0), 0),
        count(*), count(*) FILTER (WHERE amount > 0), count(*) FILTER (WHERE amount < 0)
      FROM fv_transactions WHERE team_id = ${team.teamId}::uuid
      GROUP BY team_id, account_id, value_date`);
    await db.execute(sql`
      UPDATE fv_accounts a SET current_balance = a.opening_balance + t.total,
        available_balance = a.opening_balance + t.total, transaction_count = t.transactions,
        income_count = t.incomes, expense_count = t.expenses, cashflow_stale = false
      FROM (SELECT account_id, sum(amount) AS total, count(*) AS transactions,
          count(*) FILTER (WHERE amount > 0) AS incomes,
          count(*) FILTER (WHERE amount < 0) AS expenses
        FROM fv_transactions GROUP BY account_id) t
      WHERE t.account_id = a.id`);
  });
  // What the server does within 10 s of a write on PGlite (`startAutovacuum`); PostgreSQL's
  // autovacuum would get there within a minute, and it has a checkpointer of its own.
  const vacuuming = await time(() => vacuumGrownTables(db));
  const checkpointing = await time(async () =>
    process.env.BENCH_DATABASE_URL ? false : checkpointIfWalGrew(db),
  );

  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(team.session) });
  const accountIds = (
    (await db.execute(
      sql`SELECT id FROM fv_accounts WHERE team_id = ${team.teamId}::uuid ORDER BY id`,
    )) as { rows: { id: string }[] }
  ).rows.map((row) => row.id);
  const oneAccount = accountIds[0] ?? '';
  // The web's transactions grid always sends its date filter: the last 5 years by default.
  const webDates = `valueDateFrom=${shiftYears(today, -5)}&valueDateTo=${today}`;
  const pages = [
    '?page=0&pageSize=10',
    '?page=0&pageSize=10&amountSign=expense',
    `?page=0&pageSize=10&accountIds=${oneAccount}`,
    `?page=0&pageSize=10&valueDateFrom=${shiftDays(today, -365)}&valueDateTo=${today}`,
    '?page=0&pageSize=10&sortBy=amount,desc',
    '?page=0&pageSize=10&sortBy=description,asc&entCodes=BBVA_ES',
    '?page=0&pageSize=10&companyNames=Nobody',
    '?page=0&pageSize=10&accountTypes=CARD&sortBy=operationDate,asc',
    '?page=0&pageSize=10&sortBy=accountName,asc',
    '?page=500&pageSize=10',
    '?page=500&pageSize=10&sortBy=accountName,desc',
    `?page=0&pageSize=10&${webDates}`,
    `?page=0&pageSize=10&${webDates}&sortBy=accountName,asc`,
    `?page=500&pageSize=10&${webDates}&sortBy=accountName,desc`,
    `?page=500&pageSize=10&${webDates}`,
  ];
  const pageTimes: number[] = [];
  const shapeTimes = new Map<string, number[]>(pages.map((query) => [query, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const query of pages) {
      const { ms, result } = await time(() => get(`/api/financialviewer/transaction${query}`));
      if (result.statusCode !== 200) throw new Error(`${query}: ${result.body}`);
      if (run > 0) {
        pageTimes.push(ms);
        shapeTimes.get(query)?.push(ms);
      }
    }
  }
  const cashflowTimes: number[] = [];
  for (let run = 0; run < Math.min(RUNS, 10); run++) {
    const { ms, result } = await time(() => get('/api/financialviewer/cashflow'));
    if (result.statusCode !== 200) throw new Error(result.body);
    cashflowTimes.push(ms);
  }
  // The cashflow page's load as the web makes it: the update (spec 'updatecashflow'), then the
  // last two years' cashflow.
  const loadCashflowPage = () =>
    time(async () => {
      const update = await app.inject({
        method: 'POST',
        url: '/api/financialviewer/cashflow',
        headers: bearer(team.session),
      });
      if (update.statusCode !== 200) throw new Error(update.body);
      const cashflow = await get(
        `/api/financialviewer/cashflow?dateFrom=${shiftYears(today, -2)}&dateTo=${today}`,
      );
      if (cashflow.statusCode !== 200) throw new Error(cashflow.body);
    });
  const warmLoads: number[] = [];
  for (let run = 0; run < Math.min(RUNS, 10); run++) warmLoads.push((await loadCashflowPage()).ms);
  // Rows written behind the cashflow (not through an import): the next load rebuilds the
  // accounts they touched.
  const staleLoads: number[] = [];
  for (let run = 0; run < 3; run++) {
    await db.execute(sql`
      INSERT INTO fv_transactions (team_id, account_id, amount, description, value_date,
        operation_date, category_id, category_confidence)
      VALUES (${team.teamId}::uuid, ${accountIds[run] ?? oneAccount}::uuid, 1000,
        'BENCH BEHIND THE CASHFLOW', ${today}::date, ${today}::date, 202, 0.85)`);
    staleLoads.push((await loadCashflowPage()).ms);
  }
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  // Three downloads each, the median reported: on this machine one download's time varied by
  // a third from run to run.
  const downloadThrice = async (query = '') => {
    const runs = [];
    for (let run = 0; run < 3; run++)
      runs.push(await time(() => downloadCsv(address, team.session, query)));
    const median = [...runs].sort((a, b) => a.ms - b.ms)[1] ?? runs[0];
    if (!median || runs.some((run) => run.result.lines !== median.result.lines))
      throw new Error('the downloads differ in rows');
    return { ...median, runs };
  };
  const csv = await downloadThrice();
  const csvRows = csv.result.lines - 1;
  // Sorted by account name, read one account name at a time through the account's index.
  const csvByAccount = await downloadThrice('?sortBy=accountName,asc');
  const seconds = (download: typeof csv) =>
    download.runs.map((run) => (run.ms / 1000).toFixed(1)).join(', ');
  const forecastTimes: number[] = [];
  // The process's first forecast also compiles the worker thread's code, and the next one still
  // runs code the engine has not optimised yet (with one warm-up, the first of the ten took
  // 190–270 ms against 90–170 ms for the rest). A serving process is warm, so three forecasts
  // of accounts outside the measured ten come first.
  const forecast = (accountId: string) =>
    get(`/api/financialviewer/cashflow/forecast?accountIds=${accountId}&amountToPredict=365`);
  for (const accountId of accountIds.slice(10, 13)) await forecast(accountId);
  for (const accountId of accountIds.slice(0, 10)) {
    const { ms, result } = await time(() => forecast(accountId));
    if (result.statusCode !== 200) throw new Error(result.body);
    forecastTimes.push(ms);
  }

  const rows = Array.from({ length: IMPORT_ROWS }, (_, index) => ({
    date: shiftDays(today, -(index % 700)),
    description: `COMPRA TARJ. COMERCIO ${String(index)} MADRID`,
    cents: index % 4 === 0 ? 15_000 + index : -(100 + (index % 9000)),
  }));
  const { payload, headers } = formUpload({
    fields: { account_id: oneAccount },
    file: {
      field: 'document',
      body: Buffer.from(statementCsv(rows)),
      filename: 'large.csv',
      contentType: 'text/csv',
    },
  });
  // The team's subscription queued its receipt mail and renewals: not the import's time.
  await app.deps.jobs.runDue();
  const imported = await time(async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/financialviewer/import',
      headers: { ...headers, ...bearer(team.session) },
      payload,
    });
    const queued = response.json<TImportResult>();
    await app.deps.jobs.runDue();
    return (await get(`/api/financialviewer/import/${queued.importId}`)).json<TImportResult>();
  });
  if (imported.result.added !== IMPORT_ROWS) throw new Error(JSON.stringify(imported.result));
  const afterImportLoad = await loadCashflowPage();

  // A person's correction applied to similar transactions: one in eight of the team's rows is
  // a Mercadona purchase, each with its own description (the stress case: none repeats).
  const [purchase] = (
    (await db.execute(sql`
      SELECT id FROM fv_transactions WHERE team_id = ${team.teamId}::uuid
        AND description LIKE 'COMPRA TARJ. MERCADONA %' AND amount < 0 LIMIT 1`)) as {
      rows: { id: string }[];
    }
  ).rows;
  const corrected = await time(async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/financialviewer/transaction/${purchase?.id ?? ''}/category`,
      headers: bearer(team.session),
      payload: { catId: 1204, applyToSimilar: true },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json<TUpdateCategoryResponse>().similarUpdated;
  });

  const csvRate = csvRows / (csv.ms / 1000);
  if (csvByAccount.result.lines !== csv.result.lines)
    throw new Error('the two CSVs differ in rows');
  const csvByAccountRate = csvRows / (csvByAccount.ms / 1000);
  const table: Row[] = [
    {
      task: `transactions page, ${String(pages.length)} filter/sort shapes (p95)`,
      target: '< 50 ms',
      measured: `${percentile(pageTimes, 95).toFixed(1)} ms (p50 ${percentile(pageTimes, 50).toFixed(1)})`,
      isMet: percentile(pageTimes, 95) < 50,
    },
    {
      task: 'cashflow, all accounts (p95)',
      target: '< 300 ms',
      measured: `${percentile(cashflowTimes, 95).toFixed(0)} ms`,
      isMet: percentile(cashflowTimes, 95) < 300,
    },
    {
      task: 'cashflow page load, POST + GET, nothing changed (median / p95 of 10)',
      target: '< 300 ms',
      measured: `${percentile(warmLoads, 50).toFixed(0)} / ${percentile(warmLoads, 95).toFixed(0)} ms`,
      isMet: percentile(warmLoads, 95) < 300,
    },
    {
      task: 'cashflow page load, first after the import',
      target: '< 300 ms',
      measured: `${afterImportLoad.ms.toFixed(0)} ms`,
      isMet: afterImportLoad.ms < 300,
    },
    {
      task: 'cashflow page load, one account changed behind it (median of 3)',
      target: '< 300 ms',
      measured: `${percentile(staleLoads, 50).toFixed(0)} ms`,
      isMet: percentile(staleLoads, 50) < 300,
    },
    {
      task: `CSV of all ${csvRows.toLocaleString('en-US')} rows (median of 3)`,
      target: '≥ 200,000 rows/s',
      measured: `${Math.round(csvRate).toLocaleString('en-US')} rows/s (${seconds(csv)} s)`,
      isMet: csvRate >= 200_000,
    },
    {
      task: 'CSV of all rows sorted by account name (median of 3)',
      target: '≥ 200,000 rows/s',
      measured: `${Math.round(csvByAccountRate).toLocaleString('en-US')} rows/s (${seconds(csvByAccount)} s)`,
      isMet: csvByAccountRate >= 200_000,
    },
    {
      task: '365-day forecast of one account (p95 of 10)',
      target: '< 200 ms',
      measured: `${percentile(forecastTimes, 95).toFixed(0)} ms (median ${percentile(forecastTimes, 50).toFixed(0)})`,
      isMet: percentile(forecastTimes, 95) < 200,
    },
    {
      task: `import a ${IMPORT_ROWS.toLocaleString('en-US')}-row statement (API + job)`,
      target: '< 10 s',
      measured: `${(imported.ms / 1000).toFixed(1)} s`,
      isMet: imported.ms < 10_000,
    },
  ];
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nFinancial Viewer on ${database}: ${TRANSACTIONS.toLocaleString('en-US')} transactions, ${String(ACCOUNTS)} accounts (seeded in ${(seeding.ms / 1000).toFixed(0)} s, tables vacuumed and analyzed in ${(vacuuming.ms / 1000).toFixed(1)} s: ${vacuuming.result.join(', ')}; ${checkpointing.result ? `checkpoint in ${(checkpointing.ms / 1000).toFixed(1)} s` : 'no checkpoint'})`,
  );
  console.table(table);
  console.table(
    [...shapeTimes].map(([query, times]) => ({
      page: query.replace(oneAccount, '{account}').replace(webDates, '{5 years}'),
      p50: `${percentile(times, 50).toFixed(1)} ms`,
      p95: `${percentile(times, 95).toFixed(1)} ms`,
    })),
  );
  console.log(
    `a correction applied to similar transactions: ${corrected.result.toLocaleString('en-US')} changed in ${(corrected.ms / 1000).toFixed(1)} s`,
  );
  console.log(
    `memory during the CSV downloads: RSS ${String(csv.runs[0]?.result.rssStartMb)} MB at the start, ${String(Math.max(...csv.runs.map((run) => run.result.rssPeakMb)))} MB at its peak`,
  );
  await test.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
