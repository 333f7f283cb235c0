import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/admin';
import { addCard, fillBillingDetails } from './support/billing';
import { uniqueEmail } from './support/outbox';
import { PASSWORD, signIn, signOut, signUpConfirmed } from './support/pages';

test('the administrator sells a customer LegalMind at a custom price as a PENDING subscription, which the customer pays with the 4242 card, then credits that invoice with a refund', async ({
  page,
}) => {
  const email = uniqueEmail('custom');
  await signUpConfirmed(page, { email, firstName: 'Clara', lastName: 'Custom' });
  await signOut(page);

  // The administrator opens the customer's products from the users table.
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: `Update products of ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Products of ${email}` });
  await expect(dialog.getByText('This user has no subscriptions yet.')).toBeVisible();

  // (a) A custom monthly price of 49,90 €, typed the Spanish way.
  const priceForm = dialog.getByRole('form', { name: 'Custom price' });
  await priceForm.getByLabel('Product').selectOption({ label: 'LegalMind Basic' });
  await priceForm.getByLabel('Price (€)').fill('49,90');
  await priceForm.getByLabel('Interval').selectOption({ label: 'Monthly' });
  await priceForm.getByRole('button', { name: 'Create price' }).click();
  await expect(
    priceForm.getByText(/The custom price 49,90\s€ · Monthly for LegalMind Basic/),
  ).toBeVisible();

  // (b) A PENDING subscription on that price, from today to one month later.
  const subscriptionForm = dialog.getByRole('form', { name: 'New subscription' });
  await subscriptionForm.getByLabel('Product').selectOption({ label: 'LegalMind Basic' });
  const priceSelect = subscriptionForm.getByLabel('Price', { exact: true });
  const customPrice = await priceSelect
    .locator('option', { hasText: /49,90\s€ · Monthly · custom/ })
    .getAttribute('value');
  await priceSelect.selectOption(customPrice ?? '');
  await expect(subscriptionForm.getByLabel('Start date')).not.toHaveValue('');
  await subscriptionForm.getByRole('button', { name: 'Create subscription' }).click();
  await expect(
    subscriptionForm.getByText('The PENDING subscription to LegalMind Basic has been created.'),
  ).toBeVisible();
  const row = dialog.getByRole('table', { name: `Subscriptions of ${email}` }).getByRole('row', {
    name: /LegalMind/,
  });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(/49,90\s€ · Monthly/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // The customer finds it PENDING with Go to Pay, and pays it by card.
  await signIn(page, email, PASSWORD);
  await fillBillingDetails(page);
  await addCard(page, '4242 4242 4242 4242');
  await page.goto('/account/subscription');
  const card = page.getByRole('article', { name: 'LegalMind' });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Go to Pay' }).click();
  const payment = page.getByRole('dialog', { name: 'Payment process' });
  // 49,90 € plus 21 % VAT.
  await expect(payment.getByRole('group', { name: 'Totals' })).toContainText(/60,38\s€/);
  await payment.getByRole('button', { name: 'PROCEED TO PAYMENT' }).click();
  await expect(page.getByText('Your payment was successful!')).toBeVisible();
  await page.goto('/account/subscription');
  await expect(
    page.getByRole('article', { name: 'LegalMind' }).getByText('Active', { exact: true }),
  ).toBeVisible();

  // The administrator refunds that invoice with a credit note, after confirming.
  await signOut(page);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, /\/admin$/);
  await page.getByRole('button', { name: `Update products of ${email}` }).click();
  const products = page.getByRole('dialog', { name: `Products of ${email}` });
  const invoices = products.getByRole('table', { name: `Invoices of ${email}` });
  await invoices.getByRole('button', { name: /^Credit note for F-/ }).click();
  const confirm = page.getByRole('dialog', { name: /^Credit note for F-/ });
  await expect(confirm).toContainText(/60,38\s€/);
  await confirm.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(confirm).toBeHidden();
  await expect(
    invoices.getByText(/^R-\d{4}-\d{6} \(credit note of F-\d{4}-\d{6}\)$/),
  ).toBeVisible();
  await expect(invoices.getByRole('button', { name: /^Credit note for/ })).toHaveCount(0);
});

test('the administrator creates a promotion code that lasts 6 months, and sees its duration in the codes table', async ({
  page,
}) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, /\/admin$/);
  await page.goto('/admin/promotion-codes');
  const form = page.getByRole('form', { name: 'New promotion code' });
  const code = `HALFYEAR${String(Date.now() % 100_000)}`;
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Percent off (%)').fill('15');
  await form.getByLabel('Duration in months (optional)').fill('37');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByText('Enter a whole number of months from 1 to 36')).toBeVisible();
  await form.getByLabel('Duration in months (optional)').fill('6');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByText(`The promotion code ${code} has been created.`)).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Promotion codes' })
    .getByRole('row')
    .filter({ hasText: code });
  await expect(row).toContainText('6 months');
});
