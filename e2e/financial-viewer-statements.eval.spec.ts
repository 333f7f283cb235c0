import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { EVAL_DIR } from '../test/require-eval-data';
import {
  CSV_HEADER,
  chooseStatementAccount,
  createStatementAccount,
  csvCents,
  downloadTransactionsCsv,
  expectAnotherTeamSeesNothing,
  expectStatementRead,
  filterToAccount,
  subscribeToFinancialViewer,
  toCents,
  uploadStatement,
} from './support/financial-viewer';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

const STATEMENTS = path.join(EVAL_DIR, 'statements');

/** What `statements/manifest.json` says of one real export, computed apart from the app. */
type ManifestEntry = {
  file: string;
  n_transactions: number;
  sum_of_amounts: string;
  first_date: string;
  last_date: string;
};

const manifest = (
  JSON.parse(readFileSync(path.join(STATEMENTS, 'manifest.json'), 'utf8')) as {
    files: ManifestEntry[];
  }
).files;

function entry(file: string): ManifestEntry {
  const found = manifest.find((item) => item.file === file);
  if (!found) throw new Error(`${file} is not in statements/manifest.json`);
  return found;
}

/** yyyy-mm-dd as the app writes dates: dd-mm-yyyy. */
function shownDate(iso: string): string {
  return iso.split('-').reverse().join('-');
}

/** A real Excel (BIFF8) and a real CSV export, each into its own connection and account. */
const STATEMENT_FILES = [
  {
    entry: entry('es_ing_xls.xls'),
    connection: 'ING extractos',
    bank: 'ING España',
    accountNumber: 'ING-EVAL-0001',
    accountName: 'Cuenta ING',
  },
  {
    entry: entry('es_openbank_csv_b.csv'),
    connection: 'Openbank extractos',
    bank: 'Openbank',
    accountNumber: 'OPENBANK-EVAL-0001',
    accountName: 'Cuenta Openbank',
  },
] as const;

function counted(count: number): string {
  return count === 1 ? '1 transaction' : `${String(count)} transactions`;
}

async function readStatement(page: Page, statement: (typeof STATEMENT_FILES)[number]) {
  const { entry: read } = statement;
  await expectStatementRead(page, path.join(STATEMENTS, read.file), {
    count: read.n_transactions,
    cents: toCents(read.sum_of_amounts),
    dates: `${shownDate(read.first_date)} to ${shownDate(read.last_date)}`,
  });
}

test('a subscriber imports a real Excel and a real CSV bank export through the wizard with the manifest’s count and sum, imports one again and adds nothing; another team sees none of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  await signUpConfirmed(page, {
    email: uniqueEmail('statements'),
    firstName: 'Esther',
    lastName: 'Extractos',
  });
  await subscribeToFinancialViewer(page);

  const connectionIds: string[] = [];
  for (const [index, statement] of STATEMENT_FILES.entries()) {
    connectionIds.push(await createStatementAccount(page, statement));
    await readStatement(page, statement);
    await uploadStatement(page, `${counted(statement.entry.n_transactions)} imported.`, {
      isFirstConnection: index === 0,
    });
  }

  // The CSV again, into the account chosen in its connection: every movement is already there.
  const again = STATEMENT_FILES[1];
  await chooseStatementAccount(page, {
    connection: again.connection,
    accountLabel: `${again.accountName} · ${again.accountNumber}`,
  });
  await readStatement(page, again);
  await uploadStatement(
    page,
    `Nothing new was added: the ${counted(again.entry.n_transactions)} in the file were already there.`,
  );

  // Each account holds exactly the file's movements: their number and, in the CSV, their sum.
  for (const statement of STATEMENT_FILES) {
    const { n_transactions: count } = statement.entry;
    await page.goto('/neurons/FinancialViewer/financialTransactional');
    await filterToAccount(page, {
      company: 'Acme Industries SL',
      bank: statement.bank,
      account: `${statement.accountName} · ${statement.accountNumber}`,
    });
    await expect(
      page.getByText(`1–${String(Math.min(count, 10))} of ${String(count)}`),
    ).toBeVisible();
    const csv = await downloadTransactionsCsv(page);
    expect(csv.header).toEqual(CSV_HEADER);
    expect(csv.rows).toHaveLength(count);
    expect(new Set(csv.rows.map((line) => line[6]))).toEqual(new Set([statement.accountName]));
    const sum = csv.rows.reduce((total, line) => total + csvCents(line[3] ?? ''), 0);
    expect(sum, statement.entry.file).toBe(toCents(statement.entry.sum_of_amounts));
  }

  // Another team sees none of it, and cannot reach the first team's connections by their ids.
  await expectAnotherTeamSeesNothing(browser, connectionIds);
});
