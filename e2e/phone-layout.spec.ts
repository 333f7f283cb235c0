import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/admin';
import { subscribeWithTestCard } from './support/billing';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

const PHONE = { width: 360, height: 740 };

/** How far the page scrolls sideways once it has settled: 0 when it fits the screen. */
async function sidewaysOverflow(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function expectFitsPhone(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Loaded once no indeterminate spinner is left; a meter (aria-valuenow) is content.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  expect(await sidewaysOverflow(page), `${path} scrolls sideways at 360 px`).toBe(0);
}

test('a paying customer uses the account, team and module pages at 360 px without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signUpConfirmed(page, {
    email: uniqueEmail('phone'),
    firstName: 'Pilar',
    lastName: 'Pequeña-Pantalla',
  });
  await subscribeWithTestCard(page, { plansPath: '/neurons/LegalMind/plans', plan: 'Basic' });

  await page.goto('/account/subscription');
  const cancel = page.getByRole('button', { name: 'Cancel subscription' });
  await expect(cancel).toBeVisible();
  await expect(cancel).toBeInViewport();
  await expect(page.getByText('Active', { exact: true })).toBeInViewport();

  for (const path of [
    '/home',
    '/account/profile',
    '/account/team',
    '/account/security',
    '/account/payment',
    '/account/billing',
    '/account/subscription',
    '/account/support',
    '/neurons/LegalMind/overview',
    '/neurons/LegalMind/plans',
    '/neurons/LegalMind/usage',
    '/neurons/LegalMind/token',
    '/neurons/FinancialViewer/plans',
    '/nucleus/synthesizers',
    '/nucleus/plans',
  ]) {
    await expectFitsPhone(page, path);
  }
});

test('the platform administrator reads the users table and promotion codes at 360 px', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  for (const path of ['/admin', '/admin/promotion-codes']) {
    await expectFitsPhone(page, path);
  }
});
