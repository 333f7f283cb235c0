import { expect, type Page } from '@playwright/test';

/** Saves the signed-in customer's billing details, which paying requires. */
export async function fillBillingDetails(page: Page): Promise<void> {
  await page.goto('/account/billing');
  await page.getByLabel('Company').fill('Acme Industries');
  await page.getByLabel('VAT/NIF').fill('B12345678');
  await page.getByLabel('Billing address').fill('Calle Mayor 1');
  await page.getByLabel('ZIP').fill('28013');
  await page.getByLabel('Province/Region').fill('Madrid');
  await page.getByLabel('Country').selectOption('ES');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Your billing details have been saved.')).toBeVisible();
}

/** Adds a card (a sandbox test number such as 4242 4242 4242 4242) on /account/payment. */
export async function addCard(page: Page, number: string): Promise<void> {
  await page.goto('/account/payment');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByText('The payment method has been added.')).toBeVisible();
}

/** Pays a plan with the 4242 test card: billing details, the card, then the plan's SUBSCRIBE. */
export async function subscribeWithTestCard(
  page: Page,
  options: { plansPath: string; plan: string },
): Promise<void> {
  await fillBillingDetails(page);
  await addCard(page, '4242 4242 4242 4242');
  await page.goto(options.plansPath);
  await page
    .getByRole('article', { name: options.plan })
    .getByRole('button', { name: 'SUBSCRIBE' })
    .click();
  await page
    .getByRole('dialog', { name: 'Payment process' })
    .getByRole('button', { name: 'PROCEED TO PAYMENT' })
    .click();
  await expect(page.getByText('Your payment was successful!')).toBeVisible({ timeout: 20_000 });
}
