import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/admin';
import { addCard, fillBillingDetails } from './support/billing';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

async function subscribeToLegalMindBasic(page: Page): Promise<void> {
  await page.goto('/neurons/LegalMind/plans');
  await page
    .getByRole('article', { name: 'Basic' })
    .getByRole('button', { name: 'SUBSCRIBE' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Payment process' });
  await expect(dialog.getByText('VAT 21 %')).toBeVisible();
  await dialog.getByRole('button', { name: 'PROCEED TO PAYMENT' }).click();
}

test('a customer subscribes monthly with the 4242 card, cancels and reactivates, and downloads the invoice', async ({
  page,
}) => {
  await signUpConfirmed(page, { email: uniqueEmail('buyer'), firstName: 'Bea', lastName: 'Buyer' });
  await fillBillingDetails(page);
  await addCard(page, '4242 4242 4242 4242');
  await subscribeToLegalMindBasic(page);
  await expect(page.getByText('Your payment was successful!')).toBeVisible();

  await page.goto('/account/subscription');
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('button', { name: 'YES, CANCEL' }).click();
  await expect(page.getByText('Active until period end')).toBeVisible();
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Your subscription has been reactivated.')).toBeVisible();

  await page.goto('/account/billing');
  const pdfLink = page.getByRole('link', { name: 'PDF' }).first();
  const href = await pdfLink.getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The subscription's token: copied, then refreshed into a new one once confirmed.
  await page.goto('/neurons/LegalMind/token');
  const token = page.getByLabel('Access token', { exact: true });
  await expect(token).toHaveValue(/^nrn_/);
  const before = await token.inputValue();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page
    .getByRole('dialog', { name: 'Refresh the access token?' })
    .getByRole('button', { name: 'Refresh' })
    .click();
  await expect(page.getByText('A new token has been issued.')).toBeVisible();
  await expect(token).not.toHaveValue(before);
});

test('a customer upgrades to Professional, seeing what is charged now and from when before confirming', async ({
  page,
}) => {
  await signUpConfirmed(page, {
    email: uniqueEmail('upgrade'),
    firstName: 'Uma',
    lastName: 'Upgrade',
  });
  await fillBillingDetails(page);
  await addCard(page, '4242 4242 4242 4242');
  await subscribeToLegalMindBasic(page);
  await expect(page.getByText('Your payment was successful!')).toBeVisible();

  await page.goto('/neurons/LegalMind/plans');
  await page
    .getByRole('article', { name: 'Professional' })
    .getByRole('button', { name: 'UPGRADE' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade plan' });
  const summary = dialog.getByRole('region', { name: 'What changes' });
  // Nearly the whole month is left: about (99 − 29) € for it, plus 21 % VAT.
  await expect(summary).toContainText(/Charged now: 8\d,\d\d\s€ \(VAT included\)/);
  await expect(summary).toContainText(/99,00\s€ a month \(plus VAT\) applies from \d\d-\d\d-\d{4}/);
  const charged = /Charged now: (\d+,\d\d)/.exec((await summary.textContent()) ?? '')?.[1] ?? '';
  await dialog.getByRole('button', { name: 'CHANGE PLAN' }).click();
  await expect(page.getByText('Plan changed successfully')).toBeVisible();

  // The invoice charged what the dialog showed.
  await page.goto('/account/billing');
  await expect(page.getByRole('table')).toContainText(charged);
});

test('a declined card leaves the subscription unpaid until another card pays it; 3-D Secure is passed on the challenge page', async ({
  page,
}) => {
  await signUpConfirmed(page, {
    email: uniqueEmail('buyer'),
    firstName: 'Dan',
    lastName: 'Declined',
  });
  await fillBillingDetails(page);
  await addCard(page, '4000 0000 0000 9995');
  await subscribeToLegalMindBasic(page);
  await expect(
    page.getByText('There was an error processing your payment. Choose another payment method.'),
  ).toBeVisible();

  await addCard(page, '4000 0025 0000 3155');
  await page.goto('/account/subscription');
  await page.getByRole('button', { name: 'Go to Pay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment process' });
  await dialog.getByRole('button', { name: 'Change' }).click();
  await dialog.getByText('•••• 3155').click();
  await dialog.getByRole('button', { name: 'Use this method' }).click();
  await dialog.getByRole('button', { name: 'PROCEED TO PAYMENT' }).click();

  await expect(page).toHaveURL(/\/sandbox\/challenge\//);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText('Your payment was successful!')).toBeVisible({ timeout: 15_000 });
  await page.goto('/account/subscription');
  await expect(page.getByText('Active', { exact: true })).toBeVisible({ timeout: 15_000 });
});

test('a customer subscribes with SEPA debit: processing first, active once the debit settles', async ({
  page,
}) => {
  await signUpConfirmed(page, { email: uniqueEmail('sepa'), firstName: 'Sara', lastName: 'Sepa' });
  await fillBillingDetails(page);
  await page.goto('/account/payment');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('button', { name: 'Bank account (IBAN)' }).click();
  await page.getByLabel('IBAN').fill('ES91 2100 0418 4502 0005 1332');
  await page.getByLabel('Account holder name').fill('Sara Sepa');
  await page.getByLabel('Email').fill('sara@acme-industries.com');
  await page.getByRole('button', { name: 'Add bank account' }).click();
  await expect(page.getByText('The payment method has been added.')).toBeVisible();

  await subscribeToLegalMindBasic(page);
  await expect(
    page.getByRole('dialog').getByText('Your payment is being proccessed.').first(),
  ).toBeVisible();
  await page.goto('/account/subscription');
  await expect(page.getByText('Processing', { exact: true })).toBeVisible();
  // The sandbox settles the debit after SANDBOX_SEPA_DELAY_SECONDS; the page looks again.
  await expect(page.getByText('Active', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('a customer applies a promotion code the administrator created, and pays the discounted total', async ({
  page,
}) => {
  const login = await page.request.post('/api/login', { data: E2E_ADMIN });
  const adminToken = (await login.json()) as { token: string };
  const code = `WELCOME${String(Date.now() % 100_000)}`;
  const created = await page.request.post('/api/admin/promotion_codes', {
    headers: { authorization: `Bearer ${adminToken.token}` },
    data: { code, percentOff: 20 },
  });
  expect(created.status()).toBe(201);

  await signUpConfirmed(page, {
    email: uniqueEmail('coupon'),
    firstName: 'Cora',
    lastName: 'Coupon',
  });
  await fillBillingDetails(page);
  await addCard(page, '4242 4242 4242 4242');
  await page.goto('/neurons/LegalMind/plans');
  await page
    .getByRole('article', { name: 'Basic' })
    .getByRole('button', { name: 'SUBSCRIBE' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Payment process' });
  await dialog.getByLabel('Coupon code').fill('NOT-A-CODE');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Invalid code')).toBeVisible();
  await dialog.getByLabel('Coupon code').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Discount applied: 20 %')).toBeVisible();
  // 29,00 € less 20 % is 23,20 €; with 21 % VAT, 28,07 €.
  await expect(dialog.getByRole('group', { name: 'Totals' })).toContainText('28,07 €');
  await dialog.getByRole('button', { name: 'PROCEED TO PAYMENT' }).click();
  await expect(page.getByText('Your payment was successful!')).toBeVisible();

  await page.goto('/account/billing');
  await expect(page.getByRole('table')).toContainText('28,07 €');

  // The subscription's price shows its discount.
  await page.goto('/account/subscription');
  const card = page.getByRole('article', { name: 'LegalMind' });
  await expect(card.locator('del')).toHaveText('29,00 €');
  await expect(card).toContainText(/23,20\s€/);
  await expect(card).toContainText(/20\s%\soff/);
});
