import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { subscribeWithTestCard } from './support/billing';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

/** A statement in BBVA's Excel layout (6 made-up movements), so the journey needs no `../shared`. */
const STATEMENT = path.join(import.meta.dirname, 'fixtures/bbva-statement.xlsx');

async function subscribeToFinancialViewer(page: Page): Promise<void> {
  await subscribeWithTestCard(page, { plansPath: '/neurons/FinancialViewer/plans', plan: 'Basic' });
}

/** Adds a bank through the widget popup, as a person does in the sandbox bank's pages. */
async function connectSandboxBank(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New bank connection' });
  await dialog.getByLabel('Connection name').fill(name);
  const popupPromise = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Next' }).click();
  const popup = await popupPromise;
  await popup
    .getByRole('link', { name: /Santander/ })
    .first()
    .click();
  await popup.getByLabel('User ID').fill('ana');
  await popup.getByLabel('Password').fill('anything');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await expect(popup.getByRole('heading', { name: 'Choose the accounts to share' })).toBeVisible();
  await popup.getByRole('button', { name: 'Continue' }).click();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Accept' }).click();
  await closed;
  await expect(
    page.getByText('The bank is connected. Its accounts and movements are loading.'),
  ).toBeVisible();
}

test('a subscriber connects a bank, explores it, corrects a category, forecasts and imports a statement twice, on a desktop and a phone; another team sees none of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpConfirmed(page, {
    email: uniqueEmail('finance'),
    firstName: 'Fina',
    lastName: 'Nzas',
  });

  // Without a subscription the module shows the overlay that leads to the plans.
  await page.goto('/neurons/FinancialViewer');
  await expect(page.getByText('You need to subscribe to access this tab.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Transactions' })).toBeDisabled();

  await subscribeToFinancialViewer(page);
  await page.goto('/neurons/FinancialViewer');
  await expect(page).toHaveURL(/\/neurons\/FinancialViewer\/financialConnection$/);
  await connectSandboxBank(page, 'Santander empresa');
  const row = page.getByRole('row', { name: /Santander empresa/ });
  await expect(row.getByText('CONNECTED')).toBeVisible({ timeout: 30_000 });

  // Accounts: three of them, none with a company yet, so the alert shows; assign one.
  await expect(
    page.getByText('Some accounts have no company yet.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to accounts' }).click();
  await expect(page).toHaveURL(/financialAccounts$/);
  await expect(page.getByText('Entities')).toBeVisible();
  const accountRows = page.getByRole('row', { name: /Banco Santander/ });
  await expect(accountRows).toHaveCount(3);
  await page
    .getByRole('button', { name: /Assign a company to/ })
    .first()
    .click();
  const assign = page.getByRole('dialog', { name: 'Assign company' });
  await assign.getByLabel('New company').fill('Acme Industries SL');
  await assign.getByRole('button', { name: 'Add' }).click();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(/now belongs to Acme Industries SL/)).toBeVisible();

  // Transactions: paged, filtered to incomes, and downloaded as CSV.
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await expect(page.getByRole('row')).not.toHaveCount(1);
  await page.getByRole('button', { name: 'Income', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Income', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The From date moves a year on with the keyboard, and the calendar opens and closes.
  const from = page.getByRole('group', { name: 'From' });
  const fromYear = from.getByRole('spinbutton', { name: 'Year' });
  const year = Number(await fromYear.textContent());
  const refiltered = page.waitForRequest((request) =>
    request.url().includes(`valueDateFrom=${String(year + 1)}-`),
  );
  await fromYear.click();
  await page.keyboard.press('ArrowUp');
  await expect(fromYear).toHaveText(String(year + 1));
  await refiltered;
  await page
    .getByRole('button', { name: /Choose date/ })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByRole('grid')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^transactions-\d{8}-\d{6}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Value date;Operation date;Description;Amount');
  expect(csv.split('\r\n').length).toBeGreaterThan(10);

  // Categorisation: drill into a parent and correct a category, for similar ones too.
  await page.getByRole('tab', { name: 'Categorisation' }).click();
  const legend = page.getByRole('list', { name: /legend/i }).or(page.locator('.MuiAccordion-root'));
  await legend.locator('.MuiAccordionSummary-root').first().click();
  await page
    .getByRole('button', { name: /See the transactions of/ })
    .first()
    .click();
  const drilldown = page.getByRole('dialog').first();
  await drilldown.getByRole('combobox').first().click();
  await page.getByRole('option', { name: 'Marketing and Advertising' }).click();
  const confirm = page.getByRole('dialog').last();
  await expect(confirm.getByLabel('Apply to similar transactions too?')).toBeChecked();
  await confirm.getByRole('button', { name: 'Change' }).click();
  await expect(page.getByText(/Category changed/)).toBeVisible();
  await page.keyboard.press('Escape');

  // Cashflow, then the forecast at every horizon.
  await page.getByRole('tab', { name: 'Cashflow' }).click();
  const forecastTab = page.getByRole('tab', { name: 'Forecast' });
  await expect(forecastTab).toBeEnabled({ timeout: 20_000 });
  await forecastTab.click();
  await expect(page.getByText('Recurring payments found')).toBeVisible({ timeout: 20_000 });
  const slider = page.getByRole('slider');
  for (const label of ['30 days', '60 days', '90 days', '6 months', '1 year']) {
    await slider.focus();
    await page.keyboard.press('Home');
    while ((await slider.getAttribute('aria-valuetext')) !== label)
      await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await expect(page.getByText('No data')).toHaveCount(0);
  }

  // Import a bank's Excel statement into a new connection of statements, then again.
  await page.getByRole('tab', { name: 'Import data' }).click();
  await page.getByRole('radio', { name: 'Create a new connection' }).check();
  await page.getByLabel('Connection name').fill('BBVA extractos');
  await page.getByLabel('Bank').fill('BBVA');
  await page.getByRole('option', { name: /BBVA/ }).first().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Account number').fill('BBVA-0001');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Cuenta BBVA');
  await page.getByLabel('Company name').fill('Acme Industries SL');
  await page.getByRole('combobox', { name: /^Subtype/ }).selectOption({ label: 'Checking' });
  await page
    .getByRole('button', { name: /Add|Finish/ })
    .last()
    .click();
  await page.getByRole('dialog', { name: 'Info' }).getByRole('button', { name: 'OK' }).click();
  await page.locator('input[type=file]').setInputFiles(STATEMENT);
  await expect(page.getByText('Transactions read')).toBeVisible();
  await page.getByRole('button', { name: 'Upload data' }).click();
  await expect(page.getByText('6 transactions imported.')).toBeVisible();
  await page.getByRole('dialog', { name: 'Info' }).getByRole('button', { name: 'OK' }).click();

  // The same file again, into the account chosen in the existing connection.
  const connection = page.getByRole('combobox', { name: 'Connection' });
  const option = connection.locator('option', { hasText: 'BBVA extractos' });
  await connection.selectOption((await option.getAttribute('value')) ?? '');
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('combobox', { name: 'Company' })
    .selectOption({ label: 'Acme Industries SL' });
  const bank = page.getByRole('combobox', { name: 'Bank' });
  await bank.selectOption((await bank.locator('option').last().getAttribute('value')) ?? '');
  const account = page.getByRole('combobox', { name: 'Account' });
  await account.selectOption((await account.locator('option').last().getAttribute('value')) ?? '');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('input[type=file]').setInputFiles(STATEMENT);
  await expect(page.getByText('Transactions read')).toBeVisible();
  await page.getByRole('button', { name: 'Upload data' }).click();
  await expect(
    page.getByText('Nothing new was added: the 6 transactions in the file were already there.'),
  ).toBeVisible();

  // Every tab fits a 360 px phone: nothing makes the page scroll sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const tab of [
    'financialConnection',
    'financialAccounts',
    'financialTransactional',
    'categorization',
    'cashflows',
    'import',
  ]) {
    await page.goto(`/neurons/FinancialViewer/${tab}`);
    await expect(page.getByRole('tab', { selected: true }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: test.info().outputPath(`phone-${tab}.png`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, tab).toBeLessThanOrEqual(0);
  }

  // Another team sees none of it.
  const other = await browser.newPage();
  await signUpConfirmed(other, {
    email: uniqueEmail('other'),
    firstName: 'Otto',
    lastName: 'Other',
  });
  await subscribeToFinancialViewer(other);
  await other.goto('/neurons/FinancialViewer/financialConnection');
  await expect(other.getByText('Nothing to show just yet!')).toBeVisible();
  await other.goto('/neurons/FinancialViewer/financialTransactional');
  await expect(other.getByText('Nothing to show just yet!')).toBeVisible();
  await other.close();
});
