import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/admin';
import { addCard, fillBillingDetails } from './support/billing';
import { uniqueEmail } from './support/outbox';
import { PASSWORD, signUpConfirmed } from './support/pages';

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A team signed up in its own browser context; its token for the API. */
async function newTeam(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(name);
  await signUpConfirmed(page, { email, firstName: name, lastName: 'Team' });
  const login = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { context, page, token };
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** 1,200 rows of orchard readings: more than the 1,000 the buyer takes. */
function orchardCsv(): string {
  const lines = ['reading_id,orchard,temperature_c,humidity_pct'];
  for (let index = 1; index <= 1200; index += 1) {
    lines.push(
      `${String(index)},plot-${String(index % 7)},${String(10 + (index % 15))},${String(40 + (index % 50))}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The seller's side through the API, as the loader tests call it: metadata, a CSV version,
 * the profile job, the confirmation, the price and the catalogue.
 */
async function publishDataset(request: APIRequestContext, token: string, name: string) {
  const created = await request.post('/api/loader/dataset', {
    headers: bearer(token),
    data: {
      datasetName: name,
      datasetDesc: 'Hourly temperature and humidity of orchard plots.',
      datasetDescAttributes: 'One row per reading.',
      datasetDescUsecases: 'Frost forecasting.',
      industries: ['A'],
      useCases: [],
      country: 'ES',
      frequency: 'Hourly',
      priceModel: '0003',
      pricingBase: 100,
      pricingValue: 40,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { datasetId } = (await created.json()) as { datasetId: string };
  const uploaded = await request.post(`/api/loader/dataset/${datasetId}/instance`, {
    headers: bearer(token),
    multipart: {
      file: { name: 'orchard.csv', mimeType: 'text/csv', buffer: Buffer.from(orchardCsv()) },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(202);
  const { dsiId } = (await uploaded.json()) as { dsiId: string };
  const base = `/api/loader/dataset/${datasetId}/instance/${dsiId}`;
  await expect
    .poll(
      async () => {
        const instance = await request.get(base, { headers: bearer(token) });
        return ((await instance.json()) as { status: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('REVIEW');
  expect((await request.post(`${base}/confirm`, { headers: bearer(token) })).status()).toBe(200);
  const priced = await request.put(`/api/loader/dataset/${datasetId}/price`, {
    headers: bearer(token),
    data: { priceModel: '0003', pricingBase: 100, pricingValue: 50 },
  });
  expect(priced.ok(), await priced.text()).toBe(true);
  const published = await request.put(`/api/loader/dataset/${datasetId}/publish`, {
    headers: bearer(token),
    data: { isPublished: true },
  });
  expect(published.ok(), await published.text()).toBe(true);
  return { datasetId, dsiId };
}

async function createPromotionCode(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/login', { data: E2E_ADMIN });
  const { token } = (await login.json()) as { token: string };
  const code = `DATA${String(Date.now() % 100_000)}`;
  const created = await request.post('/api/admin/promotion_codes', {
    headers: bearer(token),
    data: { code, percentOff: 10 },
  });
  expect(created.status()).toBe(201);
  return code;
}

test('a buyer team finds a seller’s dataset, buys 1,000 rows by card with a code and downloads them', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = await newTeam(browser, 'seller');
  const word = `Quokka${String(Date.now() % 1_000_000)}`;
  const name = `${word} orchard telemetry`;
  const { datasetId, dsiId } = await publishDataset(request, seller.token, name);
  const code = await createPromotionCode(request);

  // The buyer: billing details and a card, then the catalogue.
  await signUpConfirmed(page, { email: uniqueEmail('buyer'), firstName: 'Bea', lastName: 'Buyer' });
  await fillBillingDetails(page);
  await addCard(page, '4242 4242 4242 4242');
  await page.goto('/dataverse/data-catalog');
  const cards = page.getByRole('region', { name: 'Datasets' }).getByRole('article');
  await page.getByRole('searchbox', { name: 'Search datasets' }).fill(word.toLowerCase());
  await expect(cards).toHaveCount(1);
  await page.getByRole('button', { name: 'Filters' }).click();
  const industry = page
    .getByRole('region', { name: 'Filters' })
    .getByRole('group', { name: 'Industry' })
    .getByRole('checkbox', { name: 'Agriculture, forestry and fishing' });
  await industry.click();
  await expect(page).toHaveURL(/industry=A/);
  await expect(cards).toHaveCount(1);
  await cards.first().getByRole('link').click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Columns' })).toContainText('temperature_c');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('table', { name: 'Preview of the dataset' })).toContainText('plot-1');

  // BUY DATA: 1,000 rows at 0,50 € per 100 rows, the code, then the card.
  await page.getByRole('button', { name: 'BUY DATA' }).click();
  const drawer = page.getByRole('dialog', { name: 'Buy data' });
  await drawer.getByRole('textbox', { name: 'Number of rows' }).fill('1000');
  await expect(drawer.getByTestId('buy-price')).toHaveText(/5,00\s€/);
  await drawer.getByLabel('Coupon code').fill(code);
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText('Discount applied: 10 %')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await drawer.getByRole('button', { name: 'BUY' }).click();
  const payment = page.getByRole('dialog', { name: 'Payment process' });
  // 5,00 € less 10 % is 4,50 €; with 21 % VAT, 5,45 €.
  await expect(payment.getByRole('group', { name: 'Totals' })).toContainText('5,45 €');
  await payment.getByRole('button', { name: 'PROCEED TO PAYMENT' }).dblclick();
  await expect(page.getByText('Your payment was successful!')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/dataverse\/purchase\//, { timeout: 10_000 });
  const purchaseUrl = page.url();

  // The purchase: its detail, then the CSV once the delivery job has copied the rows.
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('VAT 21 %')).toBeVisible();
  const downloadCsv = page.getByRole('button', { name: 'Download CSV' });
  await expect(downloadCsv).toBeVisible({ timeout: 30_000 });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadCsv.click()]);
  const file = await download.path();
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  expect(lines[0]).toBe('reading_id,orchard,temperature_c,humidity_pct');
  expect(lines.length - 1).toBe(1000);

  // The purchases list, then the invoice in Billing.
  await page.getByRole('tab', { name: 'Purchases' }).click();
  await expect(page.getByRole('table', { name: 'Purchases' })).toContainText(name);
  await page.goto('/account/billing');
  await expect(page.getByRole('table')).toContainText('5,45 €');
  const view = page.getByRole('table').getByRole('link', { name: 'View' });
  const invoiceUrl = (await view.getAttribute('href')) ?? '';
  expect(invoiceUrl).toMatch(/^\/api\/files\/invoices\//);
  // The invoice document is written by a job: asked for until it is there.
  await expect
    .poll(
      async () => {
        const invoice = await page.request.get(invoiceUrl);
        return invoice.ok() ? await invoice.text() : '';
      },
      { timeout: 20_000 },
    )
    .toContain('VAT 21 %');

  // The seller sees the sale (the buyer is not named).
  const sales = await request.get('/api/dataverse/sales', { headers: bearer(seller.token) });
  expect(sales.status()).toBe(200);
  const sold = (await sales.json()) as { dsiId: string; quantity: number; datasetPrice: number }[];
  expect(sold).toEqual([expect.objectContaining({ dsiId, quantity: 1000, datasetPrice: 500 })]);
  // On its dataset's page: one sale of 1,000 rows at 5,00 € (the price before code and VAT).
  await seller.page.goto(`/axon/my-data/my-datasets/${datasetId}`);
  await expect(seller.page.getByRole('heading', { name })).toBeVisible();
  const salesTable = seller.page.getByRole('table', { name: 'Sales' });
  await expect(salesTable.getByRole('row')).toHaveCount(2);
  const sale = salesTable.getByRole('row').nth(1).getByRole('cell');
  await expect(sale.nth(1)).toHaveText('1.000');
  await expect(sale.nth(2)).toHaveText(/^5,00\s€$/);

  // A third team cannot open the purchase.
  const stranger = await newTeam(browser, 'stranger');
  await stranger.page.goto(new URL(purchaseUrl).pathname);
  await expect(
    stranger.page.getByText('This purchase does not exist or is not yours.'),
  ).toBeVisible();
  await stranger.context.close();
  await seller.context.close();
});

/**
 * BUY DATA for 1,000 rows (5,00 €, 6,05 € with 21 % VAT) on the dataset's page, with the
 * team's default card, up to the press of PROCEED TO PAYMENT.
 */
async function buyThousandRows(page: Page, datasetId: string, name: string) {
  await page.goto(`/dataverse/data-catalog/${datasetId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'BUY DATA' }).click();
  const drawer = page.getByRole('dialog', { name: 'Buy data' });
  await drawer.getByRole('textbox', { name: 'Number of rows' }).fill('1000');
  await drawer.getByRole('button', { name: 'BUY' }).click();
  const payment = page.getByRole('dialog', { name: 'Payment process' });
  await expect(payment.getByRole('group', { name: 'Totals' })).toContainText('6,05 €');
  await payment.getByRole('button', { name: 'PROCEED TO PAYMENT' }).click();
  return payment;
}

/**
 * On the purchase's page once paid: the 1,000 rows delivered as CSV, one invoice paid in
 * Billing, one purchase in the list, and one sale for the seller.
 */
async function expectPaidOnce(
  page: Page,
  seller: { token: string; request: APIRequestContext; dsiId: string; sales: number },
) {
  // The result closes by itself after a few seconds.
  await expect(page.getByText('Your payment was successful!')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Complete authentication' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay again' })).toHaveCount(0);
  const downloadCsv = page.getByRole('button', { name: 'Download CSV' });
  await expect(downloadCsv).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadCsv.click()]);
  const lines = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\n');
  expect(lines[0]).toBe('reading_id,orchard,temperature_c,humidity_pct');
  expect(lines.length - 1).toBe(1000);

  await page.getByRole('tab', { name: 'Purchases' }).click();
  const purchases = page.getByRole('table', { name: 'Purchases' });
  await expect(purchases.getByRole('row')).toHaveCount(2);
  await expect(purchases.getByRole('row').nth(1)).toContainText('Paid');
  await page.goto('/account/billing');
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row')).toHaveCount(2);
  await expect(invoices.getByRole('row').nth(1)).toContainText('6,05 €');
  await expect(invoices.getByRole('row').nth(1)).toContainText('Paid');

  const sales = await seller.request.get('/api/dataverse/sales', { headers: bearer(seller.token) });
  const sold = (await sales.json()) as { dsiId: string; quantity: number }[];
  expect(sold).toHaveLength(seller.sales);
  expect(sold.every((sale) => sale.dsiId === seller.dsiId && sale.quantity === 1000)).toBe(true);
}

test('an order left at 3-D Secure is authenticated from its page; a declined one is paid again with another card', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const seller = await newTeam(browser, 'seller');
  const name = `Wombat${String(Date.now() % 1_000_000)} orchard telemetry`;
  const { datasetId, dsiId } = await publishDataset(request, seller.token, name);

  // A card that asks for 3-D Secure; the buyer leaves the bank's page unanswered.
  await signUpConfirmed(page, {
    email: uniqueEmail('secure'),
    firstName: 'Sol',
    lastName: 'Secure',
  });
  await fillBillingDetails(page);
  await addCard(page, '4000 0025 0000 3155');
  await buyThousandRows(page, datasetId, name);
  await expect(page).toHaveURL(/\/sandbox\/challenge\//, { timeout: 20_000 });
  const returnTo = new URL(page.url()).searchParams.get('returnTo') ?? '';
  expect(returnTo).toMatch(/^\/dataverse\/purchase\//);
  await page.goto(returnTo);
  await expect(page.getByText('Authentication required', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText(
      "The payment awaits the card holder's authentication. Complete it to receive the data.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);

  // Complete authentication: the same payment's challenge, answered this time.
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await page
    .getByRole('dialog', { name: 'Payment process' })
    .getByRole('button', { name: 'PROCEED TO PAYMENT' })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/challenge\//, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo}$`), { timeout: 20_000 });
  await expect(page.getByText('Your payment was successful!')).toBeVisible({ timeout: 20_000 });
  await expectPaidOnce(page, { ...seller, request, dsiId, sales: 1 });

  // Another team's card is declined; it adds a good card and pays the same order again.
  const declined = await browser.newContext();
  const buyer = await declined.newPage();
  await signUpConfirmed(buyer, {
    email: uniqueEmail('declined'),
    firstName: 'Dan',
    lastName: 'Declined',
  });
  await fillBillingDetails(buyer);
  await addCard(buyer, '4000 0000 0000 9995');
  await buyThousandRows(buyer, datasetId, name);
  await expect(
    buyer.getByText('There was an error processing your payment. Choose another payment method.'),
  ).toBeVisible({ timeout: 20_000 });
  await addCard(buyer, '4242 4242 4242 4242');
  await buyer.goto('/dataverse/purchases');
  const purchases = buyer.getByRole('table', { name: 'Purchases' });
  await expect(purchases.getByRole('row').nth(1)).toContainText('Payment failed');
  await purchases.getByRole('link', { name }).click();
  await expect(
    buyer.getByText('The payment failed, select another payment method and complete the payment.'),
  ).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await buyer.getByRole('button', { name: 'Pay again' }).click();
  const payment = buyer.getByRole('dialog', { name: 'Payment process' });
  await expect(payment.getByText(name)).toBeVisible();
  await payment.getByRole('button', { name: 'Change' }).click();
  await payment.getByText('•••• 4242').click();
  await payment.getByRole('button', { name: 'Use this method' }).click();
  await payment.getByRole('button', { name: 'PROCEED TO PAYMENT' }).click();
  await expect(buyer.getByText('Your payment was successful!')).toBeVisible({ timeout: 20_000 });
  await expect(payment).toBeHidden({ timeout: 15_000 });
  await expectPaidOnce(buyer, { ...seller, request, dsiId, sales: 2 });
  await declined.close();
  await seller.context.close();
});
