import type {
  TCreateConnectionResponse,
  TImportResult,
  TManualAccount,
} from '@app/contracts/financial-viewer';
import { expect } from 'vitest';
import { formUpload } from '../../test/fixtures.js';
import { bearer, signUpConfirmed, type TestApp } from '../../test/test-app.js';
import { CARDS, addPaymentMethod, subscribe } from '../billing/billing-fixtures.js';
import { priceId } from '../catalogue/seed.js';
import { isoDay, shiftDays } from './dates.js';

/** A new team subscribed to the Financial Viewer's Basic plan (2 bank connections). */
export async function financialViewerTeam(
  test: TestApp,
): Promise<{ session: string; teamId: string; email: string }> {
  const user = await signUpConfirmed(test);
  const paymentId = await addPaymentMethod(test, user.token, { card: CARDS.visa });
  const response = await subscribe(
    test,
    user.token,
    { priceId: priceId('FinancialViewer', 'BASIC', 'MONTH'), planCode: 'BASIC', paymentId },
    'FinancialViewer',
  );
  expect(response.statusCode, response.body).toBe(200);
  return { session: user.token, teamId: user.teamId, email: user.email };
}

export async function createFileConnection(
  test: TestApp,
  session: string,
  name = 'Santander imports',
): Promise<TCreateConnectionResponse> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/financialviewer/connection',
    headers: bearer(session),
    payload: { conName: name, source: 'FILE', bankCode: 'SANTANDER_ES' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TCreateConnectionResponse>();
}

export const CHECKING_ACCOUNT: TManualAccount = {
  account_number: 'ES9121000418450200051332',
  account_name: 'Cuenta negocio',
  account_currency: 'EUR',
  account_balance: 1_000_000,
  account_company_name: 'Acme Industries SL',
  account_type: 'ACCOUNT',
  account_subtype: 'CHECKING',
};

export async function addManualAccount(
  test: TestApp,
  session: string,
  connectionId: string,
  account: Partial<TManualAccount> = {},
): Promise<string> {
  const response = await test.app.inject({
    method: 'POST',
    url: `/api/financialviewer/connection/${connectionId}/account`,
    headers: bearer(session),
    payload: { accounts: [{ ...CHECKING_ACCOUNT, ...account }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  const [id] = response.json<{ account_ids: string[] }>().account_ids;
  if (!id) throw new Error('no account id');
  return id;
}

type StatementRow = { date: string; description: string; cents: number };

function spanishAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(absolute % 100).padStart(2, '0')}`;
}

function spanishDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day ?? ''}/${month ?? ''}/${year ?? ''}`;
}

/** A Spanish bank's CSV export (newest first, as banks write them) with running balances. */
export function statementCsv(rows: StatementRow[], openingBalance = 1_000_000): string {
  let balance = openingBalance;
  const lines = [...rows]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((row) => {
      balance += row.cents;
      const description = /[;"]/.test(row.description)
        ? `"${row.description.replaceAll('"', '""')}"`
        : row.description;
      return `${spanishDate(row.date)};${spanishDate(row.date)};${description};${spanishAmount(row.cents)};${spanishAmount(balance)}`;
    });
  return ['Fecha operación;Fecha valor;Concepto;Importe;Saldo', ...lines.reverse()].join('\r\n');
}

/**
 * Four months of a small business's account up to `today`: monthly rent and payroll,
 * customer receipts, supermarket and fuel purchases.
 */
export function businessStatementRows(today: Date, days = 120): StatementRow[] {
  const rows: StatementRow[] = [];
  const end = isoDay(today);
  for (let offset = days; offset >= 1; offset -= 1) {
    const date = shiftDays(end, -offset);
    const day = Number(date.slice(8, 10));
    if (day === 1)
      rows.push({ date, description: 'RECIBO ALQUILER LOCAL CALLE MAYOR', cents: -120_000 });
    if (day === 28) rows.push({ date, description: 'PAGO NOMINAS PERSONAL', cents: -450_000 });
    if (day === 10 || day === 25) {
      rows.push({
        date,
        description: 'TRANSFERENCIA A FAVOR DE CLIENTES DEL NORTE SL',
        cents: 310_000,
      });
    }
    if (offset % 7 === 0)
      rows.push({ date, description: 'COMPRA TARJ. MERCADONA MADRID', cents: -8_450 });
    if (offset % 9 === 0)
      rows.push({ date, description: 'COMPRA TARJ. REPSOL ESTACION 123', cents: -6_000 });
  }
  return rows;
}

export async function importCsv(
  test: TestApp,
  session: string,
  options: { accountId: string; csv: string; fileName?: string; fields?: Record<string, string> },
) {
  const { payload, headers } = formUpload({
    fields: { account_id: options.accountId, ...options.fields },
    file: {
      field: 'document',
      body: Buffer.from(options.csv, 'utf8'),
      filename: options.fileName ?? 'movimientos.csv',
      contentType: 'text/csv',
    },
  });
  return test.app.inject({
    method: 'POST',
    url: '/api/financialviewer/import',
    headers: { ...headers, ...bearer(session) },
    payload,
  });
}

/** A team with one FILE connection and its checking account holding four months. */
export async function teamWithStatement(test: TestApp) {
  const team = await financialViewerTeam(test);
  const connection = await createFileConnection(test, team.session);
  const accountId = await addManualAccount(test, team.session, connection.conId);
  const rows = businessStatementRows(test.clock.now());
  const response = await importCsv(test, team.session, {
    accountId,
    csv: statementCsv(rows),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...team, connection, accountId, rows, result: response.json<TImportResult>() };
}

/** `teamWithStatement` plus 3,000 more lines with long descriptions: a CSV of many batches. */
export async function teamWithLongStatement(test: TestApp) {
  const team = await teamWithStatement(test);
  const today = isoDay(test.clock.now());
  const rows = Array.from({ length: 3000 }, (_, index) => ({
    date: shiftDays(today, -(index % 90)),
    description: `PAGO A PROVEEDOR CON UN CONCEPTO LARGO ${String(index)}`,
    cents: -1 - index,
  }));
  const imported = await importCsv(test, team.session, {
    accountId: team.accountId,
    csv: statementCsv(rows),
    fileName: 'long.csv',
  });
  expect(imported.statusCode, imported.body).toBe(200);
  return { ...team, longRows: rows };
}
