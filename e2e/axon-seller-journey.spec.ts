import { expect, test, type Page } from '@playwright/test';
import { fillBillingDetails } from './support/billing';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

const DATASET_NAME = 'Obrador bakery sales';
const ROWS = 250;
/** 250 rows at 2,50 € per started 100: three blocks. */
const PRICE_PAID = /7,50\s€/;

/** A shop's sales with a customer email column (personal data the profile must flag). */
function salesCsv(): Buffer {
  const lines = ['day,store,customer_email,amount'];
  for (let index = 0; index < ROWS; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    lines.push(
      `2026-02-${day},Store ${String(index % 5)},client${String(index)}@example.com,${String(10 + (index % 40))}.5`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The signed-in user's API token, as the web app keeps it. */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).not.toBeNull();
  return token ?? '';
}

/** The buyer team pays through the API with the sandbox's 4242 card (the buying screens are another journey). */
async function buyThroughApi(page: Page, options: { dsiId: string; quantity: number }) {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const intent = await page.request.post('/api/payments/intent/card', { headers });
  expect(intent.status()).toBe(200);
  const { id } = (await intent.json()) as { id: string };
  const confirmed = await page.request.post(`/api/sandbox/setup_intents/${id}/confirm`, {
    headers,
    data: { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } },
  });
  expect(confirmed.status()).toBe(200);
  const { paymentMethodId } = (await confirmed.json()) as { paymentMethodId: string };
  const purchase = await page.request.post('/api/dataverse/purchase/', {
    headers,
    data: { dsiId: options.dsiId, quantity: options.quantity, paymentId: paymentMethodId },
  });
  expect(purchase.status(), await purchase.text()).toBe(200);
  const body = (await purchase.json()) as { purchase: { status: string } };
  expect(body.purchase.status).toBe('PAID');
}

test('a seller uploads a CSV through the wizard, prices and publishes it, and sees the sale', async ({
  browser,
}) => {
  // Two teams, a profiling job and a payment: generous on a loaded machine.
  test.setTimeout(180_000);
  // The seller works on a phone: the wizard must fit 360 px.
  const sellerContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const seller = await sellerContext.newPage();
  await signUpConfirmed(seller, {
    email: uniqueEmail('seller'),
    firstName: 'Sara',
    lastName: 'Vendedora',
    company: 'Obrador SL',
  });

  await seller.goto('/axon/my-data');
  await seller.getByRole('link', { name: 'Add data' }).click();
  await expect(seller).toHaveURL(/\/axon\/add-data$/);
  await expect(seller.getByRole('heading', { name: 'Add a dataset' })).toBeVisible();
  await expectNoHorizontalScroll(seller);

  // Step 1: metadata, with a per-row price in euro; a missing name is refused first.
  await seller.getByRole('button', { name: 'Next' }).click();
  await expect(seller.getByText('This field is required').first()).toBeVisible();
  await seller.getByLabel('Name').fill(DATASET_NAME);
  await seller
    .getByLabel('Description', { exact: true })
    .fill('Daily sales of five bakeries in Madrid.');
  await seller.getByLabel('Country').fill('Spain');
  await seller.getByRole('option', { name: 'Spain' }).click();
  await seller.getByLabel('Price model').selectOption({ label: 'Per row' });
  await seller.getByLabel('Price (€)').fill('2,50');
  await seller.getByLabel('Rows per block').fill('100');
  await expectNoHorizontalScroll(seller);
  await seller.getByRole('button', { name: 'Next' }).click();
  await expect(seller).toHaveURL(/datasetId=/);

  // Step 2: the file, then the profiling job, then the review.
  await seller.getByLabel('Data file').setInputFiles({
    name: 'bakery-sales.csv',
    mimeType: 'text/csv',
    buffer: salesCsv(),
  });
  await expectNoHorizontalScroll(seller);
  await seller.getByRole('button', { name: 'Upload' }).click();
  const profile = seller.getByRole('table', { name: 'Profile of the columns' });
  await expect(profile).toBeVisible({ timeout: 30_000 });
  await expect(seller).toHaveURL(/dsiId=/);
  await expect(seller.getByText(`Rows: ${String(ROWS)}`)).toBeVisible();
  const emailRow = profile.getByRole('row', { name: /customer_email/ });
  await expect(
    emailRow.getByRole('checkbox', { name: 'customer_email is sensitive' }),
  ).toBeChecked();
  await expect(
    profile.getByRole('combobox', { name: 'Type of amount' }).locator('option:checked'),
  ).toHaveText('Decimal number');
  await expect(seller.getByText(/Quality score: \d/)).toBeVisible();
  await expectNoHorizontalScroll(seller);

  await seller.getByRole('button', { name: 'Confirm' }).click();
  await expect(seller.getByText(/Version 1 \(bakery-sales\.csv\) is confirmed/)).toBeVisible();
  await expectNoHorizontalScroll(seller);

  // Monetize: the price set in the wizard, then into the catalogue.
  await seller.getByRole('link', { name: 'Set the price and publish' }).click();
  await expect(seller).toHaveURL(/\/dataverse\/monetize$/);
  const card = seller.getByRole('region', { name: DATASET_NAME });
  await expect(card.getByLabel('Price (€)')).toHaveValue('2,50');
  await expect(card.getByText('Ready')).toBeVisible();
  await card.getByRole('button', { name: 'Publish' }).click();
  await expect(card.getByText('Published')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expectNoHorizontalScroll(seller);

  // Another team finds it in the catalogue and buys 250 rows: 3 blocks of 100 at 2,50 €.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signUpConfirmed(buyer, {
    email: uniqueEmail('buyer'),
    firstName: 'Bruno',
    lastName: 'Comprador',
  });
  await fillBillingDetails(buyer);
  await buyer.goto('/dataverse/data-catalog?q=bakery');
  const found = buyer.getByRole('region', { name: 'Datasets' }).getByRole('article');
  await expect(found).toHaveCount(1);
  await expect(found.first()).toContainText(DATASET_NAME);
  await expect(found.first()).toContainText('Obrador SL');
  // In Axon, the other team's dataset has a page of its own, without the seller's figures.
  await buyer.goto('/axon/my-data');
  await buyer
    .getByRole('table', { name: 'Datasets of other teams' })
    .getByRole('link', { name: DATASET_NAME })
    .click();
  await expect(buyer).toHaveURL(/\/axon\/my-data\/datasets\//);
  await expect(buyer.getByRole('heading', { name: DATASET_NAME })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Open in the catalogue' })).toBeVisible();
  await expect(buyer.getByText('Sales', { exact: true })).toHaveCount(0);
  const search = await buyer.request.get('/api/dataverse/datasets?q=bakery', {
    headers: { Authorization: `Bearer ${await tokenOf(buyer)}` },
  });
  const { items } = (await search.json()) as { items: { dsiId: string }[] };
  await buyThroughApi(buyer, { dsiId: items[0]?.dsiId ?? '', quantity: ROWS });

  // The seller sees the sale on its data and its metrics.
  await seller.goto('/axon/my-data');
  const row = seller.getByRole('row', { name: new RegExp(DATASET_NAME) });
  await expect(row).toContainText(PRICE_PAID);
  await row.getByRole('link', { name: DATASET_NAME }).click();
  await expect(seller.getByRole('heading', { name: DATASET_NAME })).toBeVisible();
  const sales = seller.getByRole('table', { name: 'Sales' });
  await expect(sales.getByRole('row')).toHaveCount(2);
  await expect(sales).toContainText(PRICE_PAID);
  await expectNoHorizontalScroll(seller);
  await seller.goto('/axon/metrics');
  await expect(seller.getByRole('row', { name: new RegExp(DATASET_NAME) })).toContainText(
    PRICE_PAID,
  );

  await buyerContext.close();
  await sellerContext.close();
});
