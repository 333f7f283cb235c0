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
