import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { subscribeWithTestCard } from './support/billing';
import { expectSuggestedAccountLink } from './support/nucleus';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

/**
 * 60 accounts and their 312 transactions shaped like the Berka bank's tables, made by
 * `e2e/fixtures/make-berka-sample.ts` from a fixed seed and committed.
 */
const ACCOUNTS_CSV = path.join(import.meta.dirname, 'fixtures/berka-accounts.csv');
const TRANSACTIONS_CSV = path.join(import.meta.dirname, 'fixtures/berka-transactions.csv');

/** One column of a downloaded CSV (the fixtures' values hold no commas or quotes). */
function csvColumn(text: string, column: string): string[] {
  const [header = '', ...lines] = text.trim().split(/\r?\n/);
  const index = header.split(',').indexOf(column);
  expect(index, `${column} in ${header}`).toBeGreaterThanOrEqual(0);
  return lines.map((line) => line.split(',')[index] ?? '');
}

async function downloadTable(page: Page, table: string): Promise<string> {
  await page.getByRole('combobox', { name: 'Table' }).click();
  await page.getByRole('option', { name: table, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Quality report' })).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download data' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`${table}-synthetic.csv`);
  const file = test.info().outputPath(`${table}.csv`);
  await download.saveAs(file);
  return readFile(file, 'utf8');
}

test('a Starter team synthesizes accounts and their transactions together: every synthetic transaction belongs to a synthetic account, also in more rows generated from the model at a scale and by the accounts’ rows; the edge page offers the packages and a new edge token; the API page leads to the reference', async ({
  page,
}) => {
  test.setTimeout(270_000);
  await signUpConfirmed(page, {
    email: uniqueEmail('nucleus-rel'),
    firstName: 'Rita',
    lastName: 'Relational',
  });
  // Related tables need a plan of more than one table per run: Starter, paid with the test card.
  await subscribeWithTestCard(page, { plansPath: '/nucleus/plans', plan: 'Starter' });

  // Both tables uploaded and profiled; keys and the link are suggested from the profiles.
  await page.goto('/nucleus/synthesize');
  await page.getByRole('button', { name: 'Related tables' }).click();
  await page.getByTestId('nucleus-file-input').setInputFiles(ACCOUNTS_CSV);
  const accounts = page.getByRole('listitem', { name: 'berka-accounts.csv' });
  await expect(accounts).toContainText('60 rows, 4 columns', { timeout: 20_000 });
  await page.getByTestId('nucleus-file-input').setInputFiles(TRANSACTIONS_CSV);
  const transactions = page.getByRole('listitem', { name: 'berka-transactions.csv' });
  await expect(transactions).toContainText('312 rows, 6 columns', { timeout: 20_000 });
  await expect(accounts.getByRole('textbox', { name: 'Name in the run' })).toHaveValue(
    'berka_accounts',
  );
  await expectSuggestedAccountLink(page, {
    accounts,
    transactions,
    parent: 'berka_accounts',
    child: 'berka_transactions',
  });
  // A table's columns as for one table: the transactions' operation is dropped.
  await transactions.getByRole('button', { name: /^Columns of berka_transactions/ }).click();
  await transactions.getByRole('combobox', { name: 'Use of operation' }).click();
  await page.getByRole('option', { name: 'Drop' }).click();
  await page.getByRole('radio', { name: /Bayesian network/ }).check();
  await page.getByRole('button', { name: 'Synthesize the tables' }).click();
  await expect(page).toHaveURL(/\/nucleus\/synthesizers\/runs\/[0-9a-f-]+$/);
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Related tables', { exact: true })).toBeVisible();

  // Each table's report and rows; every child's account_id is a synthetic account's key.
  const parentCsv = await downloadTable(page, 'berka_accounts');
  const childCsv = await downloadTable(page, 'berka_transactions');
  const accountIds = new Set(csvColumn(parentCsv, 'account_id'));
  const foreignKeys = csvColumn(childCsv, 'account_id');
  expect(accountIds.size).toBeGreaterThan(0);
  expect(foreignKeys.length).toBeGreaterThan(0);
  expect(foreignKeys.filter((key) => !accountIds.has(key))).toEqual([]);
  expect(childCsv.split(/\r?\n/)[0]).toBe('trans_id,account_id,type,amount,balance');

  // More of both tables from the stored model, at twice the accounts, keys still consistent.
  await page.getByRole('button', { name: 'Generate more rows' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate more rows' });
  await generate.getByRole('textbox', { name: 'Scale' }).fill('2');
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Drawing the tables; no fitting/)).toBeVisible();
  const moreAccounts = new Set(
    csvColumn(await downloadTable(page, 'berka_accounts'), 'account_id'),
  );
  expect(moreAccounts.size).toBe(120);
  const moreKeys = csvColumn(await downloadTable(page, 'berka_transactions'), 'account_id');
  expect(moreKeys.filter((key) => !moreAccounts.has(key))).toEqual([]);

  // Or by the rows of the table without a parent: 90 accounts, their transactions following.
  const scaledRun = page.url();
  await page.getByRole('button', { name: 'Generate more rows' }).click();
  const byRows = page.getByRole('dialog', { name: 'Generate more rows' });
  await byRows.getByRole('button', { name: 'Rows of berka_accounts' }).click();
  await expect(byRows.getByText(/berka_accounts gets this many rows/)).toBeVisible();
  await byRows.getByRole('textbox', { name: 'Rows of berka_accounts' }).fill('90');
  await byRows.getByRole('button', { name: 'Generate' }).click();
  await expect(page).not.toHaveURL(scaledRun);
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 60_000 });
  const rowsAccounts = new Set(
    csvColumn(await downloadTable(page, 'berka_accounts'), 'account_id'),
  );
  expect(rowsAccounts.size).toBe(90);
  const rowsKeys = csvColumn(await downloadTable(page, 'berka_transactions'), 'account_id');
  expect(rowsKeys.length).toBeGreaterThan(90);
  expect(rowsKeys.filter((key) => !rowsAccounts.has(key))).toEqual([]);

  // The edge packages, and an edge token made after a confirmation.
  await page.getByRole('tab', { name: 'Edge' }).click();
  const linux = page.getByRole('region', { name: 'Linux', exact: true });
  await expect(linux.getByText(/^[0-9a-f]{64}$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Windows', exact: true })).toContainText('.zip');
  await page.getByRole('button', { name: 'Create a new edge token' }).click();
  await page
    .getByRole('dialog', { name: 'Create a new edge token?' })
    .getByRole('button', { name: 'Create token' })
    .click();
  await expect(page.getByText('Copy the token now: it is shown only once.')).toBeVisible();
  await expect(page.getByLabel('Usage address')).toHaveValue(/\/v1\/sinteza\/edge\/usage$/);

  // The API tab: the token, then the way to the Sinteza API's reference and examples.
  await page.getByRole('tab', { name: 'API' }).click();
  await page.getByRole('link', { name: 'API reference and examples' }).click();
  await expect(page).toHaveURL(/\/neurons\/Nucleus\/integration$/);
  await expect(page.getByText(/\/v1\/sinteza\//).first()).toBeVisible();
});
