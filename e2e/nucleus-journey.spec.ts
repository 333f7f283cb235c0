import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { downloadParquet, readParquetRows, takeFreePlan } from './support/nucleus';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

/**
 * 300 rows like the adult census table (10 columns: numbers and categories), generated once
 * with a fixed seed and committed, so the journey needs nothing outside the repository.
 */
const ADULT_CSV = path.join(import.meta.dirname, 'fixtures/adult-sample.csv');

/**
 * As large a table as the free plan takes (10,000 rows, 20 related columns, from a fixed seed),
 * so that its run is still working when the journey cancels it right after the start. With the
 * default 3 parents per column the engine fitted and drew it in about 3 s, and one CI run's
 * click on Cancel came after that; with 5 it takes about 7 s (the engine's CLI, this machine).
 */
function largestFreeCsv(): Buffer {
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const header = Array.from({ length: 20 }, (_, index) => `c${String(index)}`);
  const lines = [header.join(',')];
  for (let row = 0; row < 10_000; row++) {
    const base = Math.floor(random() * 50);
    const cells = header.map((_, index) =>
      index % 2 === 1
        ? String((base + Math.floor(random() * 10)) % 40)
        : `k${String((base * (index + 1) + Math.floor(random() * 5)) % 30)}`,
    );
    lines.push(cells.join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function uploadAdult(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Synthesize', exact: true }).click();
  await page.getByTestId('nucleus-file-input').setInputFiles(ADULT_CSV);
  await expect(page.getByRole('heading', { name: 'Profile of adult-sample.csv' })).toBeVisible();
}

test('a team takes the free Nucleus plan, synthesizes a table, reads the report, downloads Parquet, generates 10,000 more rows, cancels and deletes a run; another team sees none of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpConfirmed(page, {
    email: uniqueEmail('nucleus'),
    firstName: 'Nora',
    lastName: 'Nucleus',
  });

  // The navigation leads to Nucleus; without a plan every page is under the overlay.
  await page.getByRole('link', { name: 'Nucleus' }).first().click();
  await expect(page).toHaveURL(/\/nucleus\/synthesizers$/);
  await expect(page.getByText('You need a Nucleus plan to use this page.')).toBeVisible();
  await takeFreePlan(page);

  // Upload: the profile of the ten columns, then a Bayesian network.
  await uploadAdult(page);
  await expect(page.getByText('300 rows, 10 columns')).toBeVisible();
  const columns = page.getByRole('table', { name: 'Columns of the file' });
  await expect(columns.getByRole('row')).toHaveCount(11);
  await expect(columns.getByRole('row', { name: /^workclass/ })).toContainText('Category');
  await page.getByRole('radio', { name: /Bayesian network/ }).check();
  await page.getByRole('combobox', { name: 'Target for ML efficacy' }).click();
  await page.getByRole('option', { name: 'income' }).click();
  await page.getByRole('button', { name: 'Start synthesis' }).click();
  await expect(page).toHaveURL(/\/nucleus\/synthesizers\/runs\/[0-9a-f-]+$/);
  const firstRunUrl = page.url();
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });

  // The report as pictures, and the data as Parquet.
  await expect(page.getByRole('heading', { name: 'Quality report' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Overall quality' })).toContainText('%');
  await expect(page.getByRole('figure', { name: /^age ·/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pair trends' })).toBeVisible();
  await expect(page.getByText('Exact copies')).toBeVisible();
  const efficacy = page.getByRole('region', { name: 'Machine-learning efficacy' });
  await expect(efficacy).toContainText('Predicting income (the target chosen for this run).');
  await expect(efficacy.getByRole('group', { name: 'Trained on synthetic rows' })).toContainText(
    '%',
  );
  const firstRows = await readParquetRows(
    await downloadParquet(page, { fileName: 'adult-sample-synthetic.parquet' }),
  );
  expect(firstRows).toHaveLength(300);

  // 10,000 more rows, as many as the free plan takes per run: a new run that finishes too.
  await page.getByRole('button', { name: 'Generate more rows' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate more rows' });
  await generate.getByRole('textbox', { name: 'Rows' }).fill('10000');
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(page).not.toHaveURL(firstRunUrl);
  await expect(page.getByText('More rows', { exact: true })).toBeVisible();
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.locator('dl > div').filter({ hasText: /^Rows/ }).getByRole('definition'),
  ).toHaveText('10.000');
  const moreRows = await readParquetRows(
    await downloadParquet(page, { fileName: 'adult-sample-synthetic.parquet' }),
  );
  expect(moreRows).toHaveLength(10_000);

  // A second synthesis, of the plan's largest table, cancelled while it works, then deleted
  // after confirming.
  await page.getByRole('tab', { name: 'Synthesize', exact: true }).click();
  await page
    .getByTestId('nucleus-file-input')
    .setInputFiles({ name: 'largest.csv', mimeType: 'text/csv', buffer: largestFreeCsv() });
  await expect(page.getByRole('heading', { name: 'Profile of largest.csv' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Rows to generate' })).toHaveValue('10000');
  await page.getByRole('textbox', { name: 'Parents per column' }).fill('5');
  await page.getByRole('button', { name: 'Start synthesis' }).click();
  await page.getByRole('button', { name: 'Cancel run' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete run?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/nucleus\/synthesizers$/);
  const runs = page.getByRole('table', { name: 'Runs' });
  await expect(runs.getByRole('row')).toHaveCount(3);
  await expect(runs.getByText('Cancelled')).toHaveCount(0);

  // Usage counts this month's runs against the free plan.
  await page.getByRole('tab', { name: 'Usage' }).click();
  await expect(page.getByRole('group', { name: 'Runs this month' })).toContainText('of 10');
  await expect(
    page.getByRole('figure', { name: 'Rows and runs per day this month' }),
  ).toContainText(/Runs: \d+\. Rows: [\d.]+\./);
  await expect(
    page.getByRole('figure', { name: 'Rows and runs per month, last 12 months' }),
  ).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Latest calls' })).toBeVisible();

  // A 360 px phone: no page scrolls sideways (wide tables scroll in their own box).
  await page.setViewportSize({ width: 360, height: 740 });
  for (const address of [
    '/nucleus/synthesizers',
    firstRunUrl,
    '/nucleus/usage',
    '/nucleus/synthesize',
  ]) {
    await page.goto(address);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, address).toBeLessThanOrEqual(0);
  }

  // Another team sees none of the first team's runs, not even by address.
  const other = await browser.newPage();
  await signUpConfirmed(other, {
    email: uniqueEmail('nucleus-other'),
    firstName: 'Otto',
    lastName: 'Other',
  });
  await other.goto('/nucleus/synthesizers');
  await takeFreePlan(other);
  await other.getByRole('tab', { name: 'Synthesizers' }).click();
  await expect(other.getByText('No runs yet.', { exact: false })).toBeVisible();
  await other.goto(new URL(firstRunUrl).pathname);
  await expect(other.getByRole('alert')).toHaveText(/What you are looking for does not exist\./);
  await expect(other.getByRole('heading', { name: 'adult-sample.csv' })).toHaveCount(0);
  await other.close();
});
