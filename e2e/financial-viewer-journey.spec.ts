import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  CSV_HEADER,
  chooseStatementAccount,
  connectSandboxBank,
  createStatementAccount,
  csvCents,
  downloadTransactionsCsv,
  expectAnotherTeamSeesNothing,
  euros,
  expectStatementRead,
  filterToAccount,
  findRowPaging,
  sessionToken,
  subscribeToFinancialViewer,
  uploadStatement,
} from './support/financial-viewer';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

/**
 * A statement in BBVA's Excel layout (6 made-up movements), so the journey needs no `../shared`.
 * Its "ALQUILER OFICINA" transfer is rent, as the sandbox bank's monthly "RECIBO ALQUILER LOCAL …".
 */
const STATEMENT = path.join(import.meta.dirname, 'fixtures/bbva-statement.xlsx');
/** Its movements: 1.250,00 − 42,30 − 61,90 − 6,00 − 18,75 − 300,00 €. */
const STATEMENT_READ = { count: 6, cents: 82_105 };
/** The sandbox business's monthly rent, which the journey recategorises, and the statement's. */
const RENT = 'RECIBO ALQUILER LOCAL';
const STATEMENT_RENT = 'ALQUILER OFICINA';
const RENT_CATEGORY = 'Rent';
/** Another sub-category of the same parent ('Home and Office'), so the row stays listed. */
const LEARNED_CATEGORY = 'Community Fees and Property Tax';
const COMPANY = 'Acme Industries SL';
/** A forecast threshold no balance falls below, so the alert names the horizon. */
const THRESHOLD_CENTS = -1_000_000_000;

/** The number in a legend's sub-category line, "(12)"; 0 when the sub-category is not listed. */
async function legendCount(page: Page, subcategory: string): Promise<number> {
  const line = page
    .getByRole('region', { name: 'Categories' })
    .getByRole('listitem')
    .filter({ has: page.getByText(subcategory, { exact: true }) });
  if ((await line.count()) === 0) return 0;
  const match = /\((\d+)\)/.exec((await line.textContent()) ?? '');
  return Number(match?.[1] ?? 0);
}

/** Waits for the forecast of `days` (a 200) and its result on the page. */
async function expectForecast(page: Page, days: number, label: string, move: () => Promise<void>) {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/financialviewer/cashflow/forecast' &&
      url.searchParams.get('amountToPredict') === String(days) &&
      url.searchParams.get('threshold') === String(THRESHOLD_CENTS)
    );
  });
  await move();
  expect((await answered).status(), label).toBe(200);
  await expect(
    page.getByText(
      `Your balance is expected to stay above ${euros(THRESHOLD_CENTS)} over the forecast horizon (${label})`,
    ),
  ).toBeVisible();
  await expect(page.getByText(`1–20 of ${String(days)}`, { exact: true })).toBeVisible();
}

/**
 * How many pixels of a chart's tick labels fall outside its drawing on the left (cut off);
 * 0 when every label is whole.
 */
async function ticksCutOff(page: Page, chart: string): Promise<number> {
  return page.getByRole('figure', { name: chart }).evaluate((figure) => {
    const left = figure.querySelector('svg')?.getBoundingClientRect().left ?? 0;
    const ticks = Array.from(figure.querySelectorAll('.recharts-cartesian-axis-tick-value'));
    return Math.max(0, ...ticks.map((tick) => left - tick.getBoundingClientRect().left));
  });
}

/** The euro axis' tick labels of a chart, as written. */
async function euroTicks(page: Page, chart: string): Promise<string[]> {
  return page
    .getByRole('figure', { name: chart })
    .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .allTextContents();
}

test('a subscriber connects a bank, explores it, corrects a category that a later import learns, forecasts and imports a statement twice, on a desktop and a phone; another team sees none of it', async ({
  page,
  browser,
}) => {
  // About 2 minutes on an idle machine; a busy one shared with other suites took 6.
  test.setTimeout(600_000);
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
  await page.getByRole('button', { name: 'Assign a company to Cuenta Negocios' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign company' });
  await assign.getByLabel('New company').fill(COMPANY);
  await assign.getByRole('button', { name: 'Add' }).click();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(`Cuenta Negocios now belongs to ${COMPANY}.`)).toBeVisible();

  // Transactions: company → bank → account, incomes only, and that selection as CSV.
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await expect(page.getByRole('row')).not.toHaveCount(1);
  const narrowed = page.waitForRequest((request) => request.url().includes('accountIds='));
  const account = await filterToAccount(page, { company: COMPANY, bank: 'Banco Santander' });
  await narrowed;
  expect(account).toMatch(/^Cuenta Negocios · /);
  const accountName = account.split(' · ')[0];
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
  const csv = await downloadTransactionsCsv(page);
  expect(csv.hasBom).toBe(true);
  expect(csv.header).toEqual(CSV_HEADER);
  expect(csv.rows.length).toBeGreaterThan(10);
  for (const line of csv.rows) {
    expect(line).toHaveLength(CSV_HEADER.length);
    expect(line[6]).toBe(accountName);
    // Decimal commas (csvCents reads no other form), and incomes only.
    expect(csvCents(line[3] ?? ''), line.join(';')).toBeGreaterThan(0);
  }

  // Categorisation: the monthly rent moved to another category, its similar ones too.
  await page.getByRole('tab', { name: 'Categorisation' }).click();
  await page.getByRole('button', { name: /^Home and Office/ }).click();
  const rentBefore = await legendCount(page, RENT_CATEGORY);
  const learnedBefore = await legendCount(page, LEARNED_CATEGORY);
  expect(rentBefore).toBeGreaterThan(0);
  // The legend's button: the donut slice and the bar of the category open the same list.
  await page
    .getByRole('region', { name: 'Categories' })
    .getByRole('button', { name: 'See the transactions of Home and Office' })
    .click();
  const drilldown = page.getByRole('dialog', { name: 'Home and Office: transactions' });
  const rent = await findRowPaging(drilldown, RENT);
  await expect(rent).toContainText('auto ·');
  const rentDate = (await rent.getByRole('gridcell').first().textContent()) ?? '';
  await rent.getByRole('combobox').click();
  await page.getByRole('option', { name: LEARNED_CATEGORY, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Change the category' });
  await expect(confirm.getByLabel('Apply to similar transactions too?')).toBeChecked();
  await confirm.getByRole('button', { name: 'Change' }).click();
  const notice = drilldown.getByText(/^Category changed; \d+ similar transactions? updated too$/);
  await expect(notice).toBeVisible();
  const similar = Number(/(\d+) similar/.exec((await notice.textContent()) ?? '')?.[1]);
  expect(similar).toBeGreaterThan(0);
  const corrected = drilldown
    .getByRole('row')
    .filter({ hasText: RENT })
    .filter({ hasText: rentDate });
  await expect(corrected).toContainText('set by you');
  await expect(corrected.getByRole('combobox')).toHaveValue(LEARNED_CATEGORY);
  await drilldown.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => legendCount(page, RENT_CATEGORY)).toBeLessThan(rentBefore);
  await expect.poll(() => legendCount(page, LEARNED_CATEGORY)).toBeGreaterThan(learnedBefore);

  // Cashflow: its three charts and a page of 20 days; then the forecast at every horizon.
  await page.getByRole('tab', { name: 'Cashflow' }).click();
  for (const chart of [
    'Weekly income, expense and balance (last 6 months)',
    'Daily balance (last 6 months)',
    'Income vs expense by day (last 6 months)',
  ]) {
    await expect(page.getByRole('figure', { name: chart })).toBeVisible({ timeout: 20_000 });
  }
  const daily = page.getByRole('grid', { name: 'Daily cashflow' });
  await expect(daily.getByRole('row').filter({ has: page.getByRole('gridcell') })).toHaveCount(20);
  const forecastTab = page.getByRole('tab', { name: 'Forecast' });
  await expect(forecastTab).toBeEnabled({ timeout: 20_000 });
  await forecastTab.click();
  // The bank's three accounts together: the rent is listed, the card's monthly settlement from
  // the checking account is a transfer between them and is not.
  const recurring = page.getByRole('region', { name: 'Recurring payments found' });
  await expect(recurring).toBeVisible({ timeout: 20_000 });
  await expect(recurring).toContainText(RENT);
  await expect(recurring).not.toContainText('LIQUIDACION TARJETA');
  const slider = page.getByRole('slider');
  await expect(slider).toHaveAttribute('aria-valuetext', '90 days');
  await expectForecast(page, 90, '90 days', () =>
    page.getByLabel('Warn me below').fill(String(THRESHOLD_CENTS / 100)),
  );
  for (const [days, label, keys] of [
    [30, '30 days', ['Home']],
    [60, '60 days', ['ArrowRight']],
    [180, '6 months', ['ArrowRight', 'ArrowRight']],
    [365, '1 year', ['End']],
  ] as const) {
    await expectForecast(page, days, label, async () => {
      await slider.focus();
      for (const key of keys) await page.keyboard.press(key);
    });
    await expect(slider).toHaveAttribute('aria-valuetext', label);
  }
  // Balances of hundreds of thousands of euros keep whole axis labels ("344,8 mil €"); the
  // axis sizes itself to its text, give or take a fraction of a pixel of the glyphs' bearing.
  for (const chart of ['Balance forecast', 'Balance: history vs estimation']) {
    expect(await ticksCutOff(page, chart), chart).toBeLessThan(1);
    // Round amounts: balances under a million euros tick in whole thousands ("180 mil €"),
    // not from the widened lowest balance ("211,5 mil €").
    const ticks = await euroTicks(page, chart);
    expect(ticks.length, chart).toBeGreaterThan(1);
    expect(
      ticks.filter((tick) => tick.includes(',')),
      chart,
    ).toEqual([]);
  }

  // Import a bank's Excel statement into a new connection of statements, then again.
  const statementConnection = await createStatementAccount(page, {
    connection: 'BBVA extractos',
    bank: 'BBVA',
    accountNumber: 'BBVA-0001',
    accountName: 'Cuenta BBVA',
  });
  await expectStatementRead(page, STATEMENT, STATEMENT_READ);
  await uploadStatement(page, '6 transactions imported.');
  // The same file again, into the account chosen in the existing connection.
  await chooseStatementAccount(page, {
    connection: 'BBVA extractos',
    accountLabel: 'Cuenta BBVA · BBVA-0001',
  });
  await expectStatementRead(page, STATEMENT, STATEMENT_READ);
  await uploadStatement(
    page,
    'Nothing new was added: the 6 transactions in the file were already there.',
  );

  // The statement's rent took the category the team taught.
  await page.goto('/neurons/FinancialViewer/financialTransactional');
  await filterToAccount(page, {
    company: COMPANY,
    bank: 'BBVA',
    account: 'Cuenta BBVA · BBVA-0001',
  });
  await expect(page.getByRole('row').filter({ has: page.getByRole('gridcell') })).toHaveCount(6);
  await expect(page.getByRole('row', { name: new RegExp(STATEMENT_RENT) })).toContainText(
    LEARNED_CATEGORY,
  );

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

  // Another team sees none of it, and cannot reach the first team's connection by its id.
  const connections = await page.request.get('/api/financialviewer/connection', {
    headers: { Authorization: `Bearer ${await sessionToken(page)}` },
  });
  const santander = ((await connections.json()) as { conId: string; conName: string }[]).find(
    (connection) => connection.conName === 'Santander empresa',
  );
  expect(santander).toBeDefined();
  await expectAnotherTeamSeesNothing(browser, [santander?.conId ?? '', statementConnection]);
});
