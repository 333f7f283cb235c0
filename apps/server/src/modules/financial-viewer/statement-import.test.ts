import {
  STATEMENT_MAX_BYTES,
  type TAccountsResponse,
  type TImportResult,
  type TStatementPreview,
} from '@app/contracts/financial-viewer';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.js';
import { formUpload } from '../../test/fixtures.js';
import { bearer, expectAppError, useTestApp } from '../../test/test-app.js';
import { abortedUpload, eventually, storedFilesUnder } from '../../test/uploads.js';
import { isoDay, shiftDays } from './dates.js';
import {
  addManualAccount,
  businessStatementRows,
  createFileConnection,
  financialViewerTeam,
  importCsv,
  statementCsv,
} from './financial-viewer-fixtures.js';
import { runImportJob } from './statement-import.js';

const test = useTestApp();

async function preview(
  session: string,
  file: { body: string | Buffer; name: string },
  mapping?: object,
) {
  const { payload, headers } = formUpload({
    ...(mapping ? { fields: { mapping: JSON.stringify(mapping) } } : {}),
    file: {
      field: 'document',
      body: Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body, 'utf8'),
      filename: file.name,
      contentType: 'text/csv',
    },
  });
  return test.app.inject({
    method: 'POST',
    url: '/api/financialviewer/import/preview',
    headers: { ...headers, ...bearer(session) },
    payload,
  });
}

async function accountWithTeam() {
  const team = await financialViewerTeam(test);
  const connection = await createFileConnection(test, team.session);
  const accountId = await addManualAccount(test, team.session, connection.conId, {
    account_balance: 0,
  });
  return { ...team, connection, accountId };
}

describe('POST /api/financialviewer/import/preview', () => {
  it('shows the detected columns, 20 rows and what would be imported, writing nothing', async () => {
    const { session } = await accountWithTeam();
    const rows = businessStatementRows(test.clock.now());
    const response = await preview(session, { body: statementCsv(rows), name: 'extracto.csv' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<TStatementPreview>();
    expect(result).toMatchObject({
      fileName: 'extracto.csv',
      format: 'csv',
      transactionCount: rows.length,
      errorCount: 0,
      headerRow: 1,
      total: rows.reduce((sum, row) => sum + row.cents, 0),
    });
    expect(result.columns.map((column) => column.role)).toEqual([
      'operationDate',
      'valueDate',
      'description',
      'amount',
      'balance',
    ]);
    expect(result.rows.length).toBeLessThanOrEqual(21);
    expect(result.sample).toHaveLength(20);
    const transactions = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/transaction',
      headers: bearer(session),
    });
    expect(transactions.json<{ total: number }>().total).toBe(0);
  });

  it('reads the file again with a corrected mapping', async () => {
    const { session } = await accountWithTeam();
    const today = isoDay(test.clock.now());
    const csv = statementCsv([{ date: today, description: 'FACTURA LUZ', cents: -5_000 }]);
    const detected = (
      await preview(session, { body: csv, name: 'a.csv' })
    ).json<TStatementPreview>();
    const swapped = await preview(
      session,
      { body: csv, name: 'a.csv' },
      { ...detected.mapping, operationDate: 1, valueDate: 0, description: [2] },
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json<TStatementPreview>().mapping).toMatchObject({
      operationDate: 1,
      valueDate: 0,
    });
  });

  it('refuses files that are not Excel or CSV, and unreadable mappings', async () => {
    const { session } = await accountWithTeam();
    expectAppError(
      await preview(session, { body: '%PDF-1.4', name: 'statement.pdf' }),
      400,
      'VALIDATION',
      'document',
    );
    expectAppError(
      await preview(session, { body: Buffer.from('%PDF-1.4 binary'), name: 'renamed.csv' }),
      400,
      'VALIDATION',
      'document',
    );
    expectAppError(
      await preview(session, { body: 'a;b\n1;2', name: 'x.csv' }, { headerRow: 'one' }),
      400,
      'VALIDATION',
      'mapping',
    );
    expectAppError(
      await preview(session, { body: 'hello;world\nfoo;bar', name: 'notes.csv' }),
      422,
      'IMPORT_FAILED',
    );
  });
});

describe('POST /api/financialviewer/import', () => {
  it('imports a statement whole, and the same file again adds nothing', async () => {
    const { session, accountId, connection } = await accountWithTeam();
    const rows = businessStatementRows(test.clock.now());
    const csv = statementCsv(rows, 500_000);
    const first = await importCsv(test, session, { accountId, csv });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TImportResult>()).toMatchObject({
      status: 'DONE',
      progress: 100,
      added: rows.length,
      duplicates: 0,
    });
    const second = await importCsv(test, session, { accountId, csv });
    expect(second.json<TImportResult>()).toMatchObject({ added: 0, duplicates: rows.length });
    const accounts = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/account',
      headers: bearer(session),
    });
    const [account] = accounts.json<TAccountsResponse>().accounts;
    // No initial balance given, the statement's own balances say where it started.
    expect(account?.accountCurrentBalance).toBe(
      500_000 + rows.reduce((sum, row) => sum + row.cents, 0),
    );
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/connection',
      headers: bearer(session),
    });
    expect(list.json<{ conId: string; conUploadedFile: string }[]>()).toEqual([
      expect.objectContaining({ conId: connection.conId, conUploadedFile: 'movimientos.csv' }),
    ]);
  });

  it('stores a statement in value date order, under time-ordered ids, whatever the order of its rows', async () => {
    const { session, accountId } = await accountWithTeam();
    const today = isoDay(test.clock.now());
    // Days out of order, as a file sorted by another column lists them.
    const rows = Array.from({ length: 60 }, (_, index) => ({
      date: shiftDays(today, -((index * 37) % 60)),
      description: `PAGO ${String(index)}`,
      cents: -100 - index,
    }));
    const imported = await importCsv(test, session, { accountId, csv: statementCsv(rows) });
    expect(imported.statusCode, imported.body).toBe(200);
    const stored = await test.app.deps.db
      .select({ id: schema.fvTransactions.id, valueDate: schema.fvTransactions.valueDate })
      .from(schema.fvTransactions)
      .where(eq(schema.fvTransactions.accountId, accountId))
      .orderBy(schema.fvTransactions.id);
    expect(stored).toHaveLength(rows.length);
    expect(stored.every((row) => /^[0-9a-f]{8}-[0-9a-f]{4}-7/.test(row.id))).toBe(true);
    const days = stored.map((row) => row.valueDate);
    expect(days).toEqual([...days].sort());
  });

  it('adds only the new days of an overlapping statement, and uses the initial balance given', async () => {
    const { session, accountId } = await accountWithTeam();
    const today = isoDay(test.clock.now());
    const older = [
      { date: shiftDays(today, -3), description: 'RECIBO VODAFONE', cents: -4_500 },
      { date: shiftDays(today, -2), description: 'BIZUM DE JUAN', cents: 2_000 },
    ];
    await importCsv(test, session, {
      accountId,
      csv: statementCsv(older),
      fields: { initial_balance: '12345' },
    });
    const newer = [...older, { date: today, description: 'COMISION MANTENIMIENTO', cents: -1_000 }];
    const response = await importCsv(test, session, { accountId, csv: statementCsv(newer) });
    expect(response.json<TImportResult>()).toMatchObject({ added: 1, duplicates: 2 });
    const accounts = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/account',
      headers: bearer(session),
    });
    expect(accounts.json<TAccountsResponse>().accounts[0]?.accountCurrentBalance).toBe(
      12_345 - 4_500 + 2_000 - 1_000,
    );
  });

  it('refuses a missing account, an account of nobody and a bad initial balance, writing nothing', async () => {
    const { session } = await accountWithTeam();
    const csv = statementCsv([{ date: isoDay(test.clock.now()), description: 'X', cents: -1 }]);
    expectAppError(
      await importCsv(test, session, { accountId: 'not-a-uuid', csv }),
      400,
      'VALIDATION',
      'account_id',
    );
    const unknown = await importCsv(test, session, {
      accountId: '00000000-0000-4000-8000-000000000000',
      csv,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("answers 416 ACCOUNT_MISMATCH when the statement's heading names another IBAN", async () => {
    const { session, accountId } = await accountWithTeam();
    const rows = [{ date: isoDay(test.clock.now()), description: 'RECIBO LUZ', cents: -5_000 }];
    const heading = (iban: string) => `Extracto de la cuenta;${iban}\r\n\r\n${statementCsv(rows)}`;
    const other = await importCsv(test, session, {
      accountId,
      csv: heading('ES79 2100 0813 6101 2345 6789'),
    });
    expectAppError(other, 416, 'ACCOUNT_MISMATCH');
    const transactions = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/transaction',
      headers: bearer(session),
    });
    expect(transactions.json<{ total: number }>().total).toBe(0);
    const same = await importCsv(test, session, {
      accountId,
      csv: heading('ES91 2100 0418 4502 0005 1332'),
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("answers 409 ACCOUNT_EXISTS when the statement's IBAN is another connection's account", async () => {
    const { session, accountId, teamId } = await accountWithTeam();
    const other = await createFileConnection(test, session, 'Other bank');
    await addManualAccount(test, session, other.conId, {
      account_number: 'ES7921000813610123456789',
      account_name: 'Other account',
    });
    const rows = [{ date: isoDay(test.clock.now()), description: 'RECIBO LUZ', cents: -5_000 }];
    const response = await importCsv(test, session, {
      accountId,
      csv: `Extracto de la cuenta;ES79 2100 0813 6101 2345 6789\r\n\r\n${statementCsv(rows)}`,
    });
    expectAppError(response, 409, 'ACCOUNT_EXISTS');
    const stored = await test.app.deps.db
      .select()
      .from(schema.fvTransactions)
      .where(eq(schema.fvTransactions.teamId, teamId));
    expect(stored).toEqual([]);
  });

  it('runs a large statement as a job and reports its progress', async () => {
    const { session, accountId, teamId } = await accountWithTeam();
    const today = isoDay(test.clock.now());
    const rows = Array.from({ length: 9000 }, (_, index) => ({
      date: shiftDays(today, -(index % 700)),
      description: `COMPRA TARJ. COMERCIO NUMERO ${String(index).padStart(5, '0')} MADRID ESPAÑA`,
      cents: -(100 + index),
    }));
    const response = await importCsv(test, session, { accountId, csv: statementCsv(rows) });
    expect(response.statusCode, response.body).toBe(202);
    const queued = response.json<TImportResult>();
    expect(queued).toMatchObject({ status: 'QUEUED', added: 0 });
    // The upload waits in storage for its job, which removes it.
    expect(await storedFilesUnder(test, `financial-viewer/${teamId}`)).not.toEqual([]);
    // The job as the queue runs it, recording the progress it reports as it goes.
    const reported: number[] = [];
    await runImportJob(test.app.deps, { teamId, importId: queued.importId }, (percent) =>
      reported.push(percent),
    );
    expect(await storedFilesUnder(test, `financial-viewer/${teamId}`)).toEqual([]);
    // Started, read, then steps while the rows are categorised and written, then done.
    expect(reported.slice(0, 2)).toEqual([10, 60]);
    expect(reported.at(-1)).toBe(100);
    const writing = reported.filter((percent) => percent > 60 && percent < 100);
    expect(writing.length).toBeGreaterThanOrEqual(2);
    expect(reported).toEqual([...reported].sort((a, b) => a - b));
    const done = await test.app.inject({
      method: 'GET',
      url: `/api/financialviewer/import/${queued.importId}`,
      headers: bearer(session),
    });
    expect(done.json<TImportResult>()).toMatchObject({
      status: 'DONE',
      progress: 100,
      added: 9000,
    });
  });
  it('imports a large statement once on the next worker when the one running it died', async () => {
    const { session, accountId, teamId } = await accountWithTeam();
    const today = isoDay(test.clock.now());
    const rows = Array.from({ length: 9000 }, (_, index) => ({
      date: shiftDays(today, -(index % 700)),
      description: `TRANSFERENCIA RECIBIDA NUMERO ${String(index).padStart(5, '0')}`,
      cents: 100 + index,
    }));
    const response = await importCsv(test, session, { accountId, csv: statementCsv(rows) });
    const { importId } = response.json<TImportResult>();
    const { db } = test.app.deps;
    // What a worker killed in the middle leaves: the import RUNNING (its transaction of rows
    // rolled back), the job running under a lock that lapsed.
    await db
      .update(schema.fvImports)
      .set({ status: 'RUNNING', progress: 60 })
      .where(and(eq(schema.fvImports.teamId, teamId), eq(schema.fvImports.id, importId)));
    await db
      .update(schema.jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedUntil: new Date(test.clock.now().getTime() - 1000),
      })
      .where(sql`${schema.jobs.payload}->>'importId' = ${importId}`);
    await test.app.deps.jobs.runDue();
    const [job] = await db
      .select()
      .from(schema.jobs)
      .where(sql`${schema.jobs.payload}->>'importId' = ${importId}`);
    expect(job).toMatchObject({ status: 'completed', attempts: 2 });
    const done = await test.app.inject({
      method: 'GET',
      url: `/api/financialviewer/import/${importId}`,
      headers: bearer(session),
    });
    expect(done.json<TImportResult>()).toMatchObject({ status: 'DONE', added: 9000 });
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/transaction',
      headers: bearer(session),
    });
    expect(listed.json<{ total: number }>().total).toBe(9000);
  });
});

describe('statement uploads stream to storage', () => {
  async function transactionCount(session: string): Promise<number> {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/financialviewer/transaction',
      headers: bearer(session),
    });
    return response.json<{ total: number }>().total;
  }

  it('keeps nothing of a statement imported within the request', async () => {
    const { session, accountId, teamId } = await accountWithTeam();
    const rows = businessStatementRows(test.clock.now());
    const response = await importCsv(test, session, { accountId, csv: statementCsv(rows) });
    expect(response.json<TImportResult>()).toMatchObject({ status: 'DONE', added: rows.length });
    expect(await storedFilesUnder(test, `financial-viewer/${teamId}`)).toEqual([]);
  });

  it('answers 413 to a statement over 20 MB, storing and importing nothing', async () => {
    const { session, accountId, teamId } = await accountWithTeam();
    const rows = businessStatementRows(test.clock.now());
    const csv = statementCsv(rows);
    const padding = ' '.repeat(STATEMENT_MAX_BYTES + 1 - Buffer.byteLength(csv));
    const response = await importCsv(test, session, { accountId, csv: `${csv}${padding}` });
    expectAppError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(await storedFilesUnder(test, `financial-viewer/${teamId}`)).toEqual([]);
    expect(await transactionCount(session)).toBe(0);
  });

  it('removes what it stored of an upload the sender abandons, and imports nothing', async () => {
    const { session, accountId, teamId } = await accountWithTeam();
    const boundary = 'statement-boundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="account_id"\r\n\r\n${accountId}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="document"; filename="movimientos.csv"\r\ncontent-type: text/csv\r\n\r\n`,
    );
    const rows = businessStatementRows(test.clock.now(), 700);
    await abortedUpload(test.app, {
      method: 'POST',
      url: '/api/financialviewer/import',
      headers: {
        ...bearer(session),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      firstBytes: Buffer.concat([head, Buffer.from(statementCsv(rows))]),
      hasStarted: async () =>
        (await storedFilesUnder(test, `financial-viewer/${teamId}`)).length > 0,
    });
    await eventually(
      async () => (await storedFilesUnder(test, `financial-viewer/${teamId}`)).length === 0,
    );
    expect(await transactionCount(session)).toBe(0);
  });
});
