import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';

/** From a Nucleus page's overlay, the free plan taken. */
export async function takeFreePlan(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Go to plans' }).click();
  await expect(page).toHaveURL(/\/nucleus\/plans$/);
  await page
    .getByRole('article', { name: 'Free Forever' })
    .getByRole('button', { name: 'Start Now' })
    .click();
  await expect(page.getByText('Your free plan is active.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
}

/**
 * Downloads the open run's data as Parquet (of `table`, for a relational run) into the test's
 * output folder, under the name the app suggests, and returns the file's path.
 */
export async function downloadParquet(
  page: Page,
  options: { fileName: string; table?: string },
): Promise<string> {
  if (options.table !== undefined) {
    await page.getByRole('combobox', { name: 'Table' }).click();
    await page.getByRole('option', { name: options.table, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Quality report' })).toBeVisible();
  }
  await page.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'Parquet' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download data' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(options.fileName);
  const file = test.info().outputPath(options.fileName);
  await download.saveAs(file);
  return file;
}

/** The rows of a Parquet file, after checking that it starts as one does ("PAR1"). */
export async function readParquetRows(file: string): Promise<Record<string, unknown>[]> {
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 4).toString()).toBe('PAR1');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return parquetReadObjects({ file: buffer, metadata: parquetMetadata(buffer) });
}

/**
 * The related-tables form's suggestions for an accounts table and its transactions: each
 * table's primary key, and one link from the transactions' account_id to the accounts.
 */
export async function expectSuggestedAccountLink(
  page: Page,
  tables: { accounts: Locator; transactions: Locator; parent: string; child: string },
): Promise<void> {
  await expect(tables.accounts.getByRole('combobox', { name: /^Primary key/ })).toContainText(
    'account_id',
  );
  await expect(tables.transactions.getByRole('combobox', { name: /^Primary key/ })).toContainText(
    'trans_id',
  );
  const link = page.getByRole('listitem', { name: 'Link 1' });
  await expect(link.getByRole('combobox', { name: /^Child table/ })).toContainText(tables.child);
  await expect(link.getByRole('combobox', { name: /^Its column/ })).toContainText('account_id');
  await expect(link.getByRole('combobox', { name: /^Parent table/ })).toContainText(tables.parent);
}
