import { expect, test, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';
import { sensorLogCsv, watchMultipartUploads } from './support/uploads';

/** Step 1 of the wizard with a free dataset: a name and a description. */
async function startDataset(page: Page, name: string): Promise<string> {
  await page.goto('/axon/add-data');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description', { exact: true }).fill(`${name}, for the upload journey.`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/datasetId=/);
  return new URL(page.url()).searchParams.get('datasetId') ?? '';
}

test('a zip of several CSV tables becomes one family, reviewed with a column’s type changed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpConfirmed(page, {
    email: uniqueEmail('zip-seller'),
    firstName: 'Zoe',
    lastName: 'Tablas',
    company: 'Banca Zeta SL',
  });
  const datasetId = await startDataset(page, 'Zeta bank');
  const zip = zipSync({
    'accounts.csv': Buffer.from('account_id,district\n1,Praha\n2,Brno\n3,Praha\n'),
    'transactions.csv': Buffer.from('trans_id,account_id,amount\n10,1,5.5\n11,1,7\n12,2,3\n'),
    'cards.csv': Buffer.from('card_id,account_id,kind\n100,1,gold\n101,3,classic\n'),
  });
  await page.getByLabel('Data file').setInputFiles({
    name: 'zeta-bank.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  });
  await page.getByRole('button', { name: 'Upload' }).click();

  const profile = page.getByRole('table', { name: 'Profile of the columns' });
  await expect(profile).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/This zip makes a family/)).toBeVisible();
  await expect(page.getByText('Rows: 3')).toBeVisible();
  await profile.getByRole('combobox', { name: 'Type of district' }).selectOption({ label: 'Text' });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Version 1 \(accounts\.csv\) is confirmed/)).toBeVisible();

  // Every table is a dataset of the family, all confirmed together.
  await page.goto('/axon/my-data');
  const mine = page.getByRole('table', { name: 'My datasets' });
  for (const name of ['Zeta bank', 'Zeta bank · transactions', 'Zeta bank · cards']) {
    await expect(mine.getByRole('row', { name: new RegExp(`^${name}\\s+Ready`) })).toBeVisible();
  }
  // The server kept the seller's type.
  await page.goto(`/dataverse/data-catalog/${datasetId}`);
  await expect(page.getByRole('row', { name: /^district/ })).toContainText('text');
});

test('a file over 10 MB goes through the signed upload address, then is profiled', async ({
  page,
}) => {
  // 11 MB sent and profiled on a machine other builds share.
  test.setTimeout(240_000);
  await signUpConfirmed(page, {
    email: uniqueEmail('big-seller'),
    firstName: 'Bea',
    lastName: 'Grande',
  });
  await startDataset(page, 'Big sensor log');
  const csv = sensorLogCsv();

  const multipart = watchMultipartUploads(page);
  const signedPut = page.waitForRequest(
    (request) => request.method() === 'PUT' && /signature=/.test(request.url()),
  );
  await page.getByLabel('Data file').setInputFiles({
    name: 'sensor-log.csv',
    mimeType: 'text/csv',
    buffer: csv,
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await signedPut;

  const profile = page.getByRole('table', { name: 'Profile of the columns' });
  await expect(profile).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Rows: 700.000')).toBeVisible();
  expect(multipart).toEqual([]);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Version 1 \(sensor-log\.csv\) is confirmed/)).toBeVisible();
});
