import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { EVAL_DIR } from '../test/require-eval-data';
import { subscribeWithTestCard } from './support/billing';
import {
  downloadParquet,
  expectSuggestedAccountLink,
  readParquetRows,
  takeFreePlan,
} from './support/nucleus';
import { uniqueEmail } from './support/outbox';
import { PASSWORD, signIn, signUpConfirmed } from './support/pages';

/** The Adult census table: 32,561 rows, 15 columns (`synth/manifest.json`). */
const ADULT_CSV = path.join(EVAL_DIR, 'synth/adult.csv');
/** 50 real accounts of the Berka bank and their 2,960 transactions (`berka/README.md`). */
const ACCOUNTS_CSV = path.join(EVAL_DIR, 'berka/account_50.csv');
const TRANSACTIONS_CSV = path.join(EVAL_DIR, 'berka/trans_50_accounts.csv');

const ADULT_COLUMNS = [
  'age',
  'workclass',
  'fnlwgt',
  'education',
  'education-num',
  'marital-status',
  'occupation',
  'relationship',
  'race',
  'sex',
  'capital-gain',
  'capital-loss',
  'hours-per-week',
  'native-country',
  'income',
];

/** One team (Starter: up to 100,000 rows and 3 tables per run) runs both; another then looks. */
const owner = { email: uniqueEmail('nucleus-real'), firstName: 'Rhea', lastName: 'Real' };
const runPaths: string[] = [];

async function waitForDone(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/nucleus\/synthesizers\/runs\/[0-9a-f-]+$/);
  runPaths.push(new URL(page.url()).pathname);
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 240_000 });
}

test.describe.configure({ mode: 'serial' });

test('a Starter team synthesizes the real Adult census table (32,561 rows) with a Bayesian network, reads its report and downloads it all as Parquet', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signUpConfirmed(page, owner);
  // The free plan takes 10,000 rows per run: Starter, paid with the test card, takes the table.
  await subscribeWithTestCard(page, { plansPath: '/nucleus/plans', plan: 'Starter' });

  await page.goto('/nucleus/synthesize');
  await page.getByTestId('nucleus-file-input').setInputFiles(ADULT_CSV);
  await expect(page.getByRole('heading', { name: 'Profile of adult.csv' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('32.561 rows, 15 columns')).toBeVisible();
  const columns = page.getByRole('table', { name: 'Columns of the file' });
  await expect(columns.getByRole('row')).toHaveCount(16);
  await expect(columns.getByRole('row', { name: /^occupation/ })).toContainText('Category');
  await expect(page.getByRole('textbox', { name: 'Rows to generate' })).toHaveValue('32561');
  await page.getByRole('radio', { name: /Bayesian network/ }).check();
  await page.getByRole('button', { name: 'Start synthesis' }).click();
  await waitForDone(page);

  await expect(page.getByRole('heading', { name: 'Quality report' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Overall quality' })).toContainText('%');
  await expect(page.getByRole('figure', { name: /^native-country ·/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pair trends' })).toBeVisible();
  await expect(page.getByText('Exact copies')).toBeVisible();

  const rows = await readParquetRows(
    await downloadParquet(page, { fileName: 'adult-synthetic.parquet' }),
  );
  expect(rows).toHaveLength(32_561);
  expect(Object.keys(rows[0] ?? {})).toEqual(ADULT_COLUMNS);
  expect(new Set(rows.map((row) => row.income))).toEqual(new Set(['<=50K', '>50K']));
});

test('the same team synthesizes the real Berka accounts and their transactions together: every synthetic transaction belongs to a synthetic account', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, owner.email, PASSWORD);
  await page.goto('/nucleus/synthesize');
  await page.getByRole('button', { name: 'Related tables' }).click();
  await page.getByTestId('nucleus-file-input').setInputFiles(ACCOUNTS_CSV);
  const accounts = page.getByRole('listitem', { name: 'account_50.csv' });
  await expect(accounts).toContainText('50 rows, 4 columns', { timeout: 20_000 });
  await page.getByTestId('nucleus-file-input').setInputFiles(TRANSACTIONS_CSV);
  const transactions = page.getByRole('listitem', { name: 'trans_50_accounts.csv' });
  await expect(transactions).toContainText('2.960 rows, 14 columns', { timeout: 20_000 });
  await expectSuggestedAccountLink(page, {
    accounts,
    transactions,
    parent: 'account_50',
    child: 'trans_50_accounts',
  });
  await page.getByRole('radio', { name: /Bayesian network/ }).check();
  await page.getByRole('button', { name: 'Synthesize the tables' }).click();
  await waitForDone(page);
  await expect(page.getByText('Related tables', { exact: true })).toBeVisible();

  const accountRows = await readParquetRows(
    await downloadParquet(page, { table: 'account_50', fileName: 'account_50-synthetic.parquet' }),
  );
  const transactionRows = await readParquetRows(
    await downloadParquet(page, {
      table: 'trans_50_accounts',
      fileName: 'trans_50_accounts-synthetic.parquet',
    }),
  );
  const accountIds = new Set(accountRows.map((row) => String(row.account_id)));
  expect(accountIds.size).toBe(50);
  expect(transactionRows.length).toBeGreaterThan(0);
  expect(transactionRows.filter((row) => !accountIds.has(String(row.account_id))).length).toBe(0);
});

test('another team sees none of the first team’s runs, not even by address', async ({ page }) => {
  expect(runPaths).toHaveLength(2);
  await signUpConfirmed(page, {
    email: uniqueEmail('nucleus-real-other'),
    firstName: 'Otto',
    lastName: 'Other',
  });
  await page.goto('/nucleus/synthesizers');
  await takeFreePlan(page);
  await page.getByRole('tab', { name: 'Synthesizers' }).click();
  await expect(page.getByText('No runs yet.', { exact: false })).toBeVisible();
  for (const runPath of runPaths) {
    await page.goto(runPath);
    await expect(page.getByRole('alert')).toHaveText(/What you are looking for does not exist\./);
    await expect(page.getByRole('heading', { name: /adult\.csv|account_50/ })).toHaveCount(0);
  }
});
