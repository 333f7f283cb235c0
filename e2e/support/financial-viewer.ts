import { readFileSync } from 'node:fs';
import { expect, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import { subscribeWithTestCard } from './billing';
import { uniqueEmail } from './outbox';
import { signUpConfirmed } from './pages';

export async function subscribeToFinancialViewer(page: Page): Promise<void> {
  await subscribeWithTestCard(page, { plansPath: '/neurons/FinancialViewer/plans', plan: 'Basic' });
}

/** Adds a bank through the widget popup, as a person does in the sandbox bank's pages. */
export async function connectSandboxBank(page: Page, name: string): Promise<void> {
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

/** The signed-in session's token, for calls to the API as that user. */
export async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('token') ?? '');
}

/** Cents as the app writes euros (spec: `1.234,56 €`). */
export function euros(cents: number): string {
  return new Intl.NumberFormat('es-ES', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: 'always',
  }).format(cents / 100);
}

/** A manifest's decimal text (`-90.19`) as cents. */
export function toCents(decimal: string): number {
  return Math.round(Number(decimal) * 100);
}

/**
 * Import tab, steps 1 and 2: a new connection of statements with one account described by
 * hand. Returns the connection's id.
 */
export async function createStatementAccount(
  page: Page,
  options: { connection: string; bank: string; accountNumber: string; accountName: string },
): Promise<string> {
  await page.goto('/neurons/FinancialViewer/import');
  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/financialviewer/connection',
  );
  await page.getByRole('radio', { name: 'Create a new connection' }).check();
  await page.getByLabel('Connection name').fill(options.connection);
  await page.getByLabel('Bank').fill(options.bank);
  await page.getByRole('option', { name: new RegExp(`^${options.bank}`) }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Account number').fill(options.accountNumber);
  await page.getByRole('textbox', { name: /^Name/ }).fill(options.accountName);
  await page.getByLabel('Company name').fill('Acme Industries SL');
  await page.getByRole('combobox', { name: /^Subtype/ }).selectOption({ label: 'Checking' });
  await page
    .getByRole('button', { name: /Add|Finish/ })
    .last()
    .click();
  await page.getByRole('dialog', { name: 'Info' }).getByRole('button', { name: 'OK' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  return ((await response.json()) as { conId: string }).conId;
}

/**
 * Import tab, step 2 for an existing connection: company → bank → account; then the initial
 * balance step, which for an account with movements shows its balance as kept.
 */
export async function chooseStatementAccount(
  page: Page,
  options: { connection: string; accountLabel: string },
): Promise<void> {
  await page.goto('/neurons/FinancialViewer/import');
  const connection = page.getByRole('combobox', { name: 'Connection' });
  const option = connection.locator('option', { hasText: options.connection });
  await connection.selectOption((await option.getAttribute('value')) ?? '');
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByRole('combobox', { name: 'Company' })
    .selectOption({ label: 'Acme Industries SL' });
  const bank = page.getByRole('combobox', { name: 'Bank' });
  await bank.selectOption((await bank.locator('option').last().getAttribute('value')) ?? '');
  await page
    .getByRole('combobox', { name: 'Account' })
    .selectOption({ label: options.accountLabel });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Initial balance' })).toBeDisabled();
  await expect(
    page.getByText(/already has movements, so its balance is already set/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Import tab, step 3: the file's preview says what it read. */
export async function expectStatementRead(
  page: Page,
  file: string,
  expected: { count: number; cents: number; dates?: string },
): Promise<void> {
  await page.locator('input[type=file]').setInputFiles(file);
  const summary = page.getByRole('definition');
  await expect(summary.nth(0)).toHaveText(String(expected.count), { timeout: 20_000 });
  await expect(summary.nth(1)).toHaveText(euros(expected.cents));
  if (expected.dates !== undefined) await expect(summary.nth(2)).toHaveText(expected.dates);
}

/**
 * Uploads the previewed file and reads the Info dialog's outcome. `isFirstConnection`: the team
 * has no active connection yet, so the wizard first says the new one stays inactive until then.
 */
export async function uploadStatement(
  page: Page,
  outcome: string,
  options: { isFirstConnection?: boolean } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Upload data' }).click();
  const info = page.getByRole('dialog', { name: 'Info' });
  if (options.isFirstConnection) {
    await expect(info).toContainText('The new connection stays inactive until');
    await info.getByRole('button', { name: 'Upload data' }).click();
  }
  await expect(info.getByText(outcome, { exact: true })).toBeVisible({ timeout: 30_000 });
  await info.getByRole('button', { name: 'OK' }).click();
  await expect(info).toHaveCount(0);
}

/**
 * Transactions tab: narrows to one account through the company → bank → account cascade (each
 * select off until its parent is chosen); with no `account`, the bank's first. Returns its label.
 */
export async function filterToAccount(
  page: Page,
  options: { company: string; bank: string; account?: string },
): Promise<string> {
  const filters = page.getByRole('group', { name: 'Filters' });
  const bank = filters.getByRole('combobox', { name: 'Bank' });
  const account = filters.getByRole('combobox', { name: 'Account' });
  await expect(bank).toBeDisabled();
  await filters.getByRole('combobox', { name: 'Company' }).selectOption({ label: options.company });
  await expect(account).toBeDisabled();
  await bank.selectOption({ label: options.bank });
  const label = options.account ?? (await account.locator('option').nth(1).textContent()) ?? '';
  await account.selectOption({ label });
  return label;
}

/** A downloaded transactions CSV: its byte-order mark, header and rows split on `;`. */
export type TransactionsCsv = { hasBom: boolean; header: string[]; rows: string[][] };

/** Splits CSV text on `;` and CRLF, reading `"…"` quoted fields with `""` inside. */
function splitCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charAt(index);
    if (isQuoted) {
      if (character === '"' && text.charAt(index + 1) === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') isQuoted = false;
      else field += character;
    } else if (character === '"') isQuoted = true;
    else if (character === ';') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text.charAt(index + 1) === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += character;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Clicks 'Download CSV' and reads the file the browser saved. */
export async function downloadTransactionsCsv(page: Page): Promise<TransactionsCsv> {
  const download: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^transactions-\d{8}-\d{6}\.csv$/);
  const text = readFileSync(await file.path(), 'utf8');
  const hasBom = text.startsWith('\uFEFF');
  const [header = [], ...rows] = splitCsv(hasBom ? text.slice(1) : text);
  return { hasBom, header, rows };
}

export const CSV_HEADER = [
  'Value date',
  'Operation date',
  'Description',
  'Amount',
  'Balance',
  'Currency',
  'Account',
  'Category',
  'Parent category',
];

/** A CSV amount in Spanish Excel's form (`-1234,50`) as cents; throws on any other form. */
export function csvCents(amount: string): number {
  const match = /^(-?)(\d+),(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not an amount with a decimal comma: ${amount}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -cents : cents;
}

/** Pages a server-paged grid forward until a row holding `text` shows; returns that row. */
export async function findRowPaging(grid: Locator, text: string): Promise<Locator> {
  const row = grid.getByRole('row').filter({ hasText: text }).first();
  const next = grid.getByRole('button', { name: 'Go to next page' });
  for (;;) {
    const found = await row
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (found) return row;
    await expect(next, `no row with ${text}`).toBeEnabled();
    await next.click();
  }
}

/**
 * A new team subscribes and finds no connections, accounts, transactions, categories or
 * connection to import into; the first team's `connectionIds` answer its session 404.
 */
export async function expectAnotherTeamSeesNothing(
  browser: Browser,
  connectionIds: readonly string[],
): Promise<void> {
  const other = await browser.newPage();
  await signUpConfirmed(other, {
    email: uniqueEmail('finance-other'),
    firstName: 'Otto',
    lastName: 'Other',
  });
  await subscribeToFinancialViewer(other);
  for (const tab of [
    'financialConnection',
    'financialAccounts',
    'financialTransactional',
    'categorization',
  ]) {
    await other.goto(`/neurons/FinancialViewer/${tab}`);
    await expect(other.getByText('Nothing to show just yet!'), tab).toBeVisible();
  }
  await other.goto('/neurons/FinancialViewer/import');
  await expect(
    other.getByText('There is no active connection yet: create a new one.'),
  ).toBeVisible();
  await expect(other.getByRole('radio', { name: 'Use an existing connection' })).toBeDisabled();
  const token = await sessionToken(other);
  for (const conId of connectionIds) {
    const foreign = await other.request.put(`/api/financialviewer/connection/${conId}/refresh`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(foreign.status(), conId).toBe(404);
  }
  await other.close();
}
