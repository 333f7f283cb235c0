import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/admin';
import { addCard, fillBillingDetails, subscribeWithTestCard } from './support/billing';
import { linkFromMail, uniqueEmail } from './support/outbox';
import { signUp, signUpConfirmed } from './support/pages';

const PHONE = { width: 360, height: 740 };

/** How far the page scrolls sideways once it has settled: 0 when it fits the screen. */
async function sidewaysOverflow(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * The controls (links, buttons, fields, tabs) that lie beyond the screen's left or right edge
 * with no box to scroll them into view: the page hides them from a phone user.
 */
function cutOffControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const isInScrollingBox = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) return true;
      }
      return false;
    };
    return Array.from(
      document.querySelectorAll('a[href], button, input, select, textarea, [role="tab"]'),
    )
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.height > 0 &&
          (box.left < -1 || box.right > width + 1) &&
          !isInScrollingBox(element)
        );
      })
      .map(
        (element) =>
          element.getAttribute('aria-label') ??
          (element.textContent.trim() || element.outerHTML.slice(0, 80)),
      );
  });
}

/** The selected tabs that their scrolling tab bar does not show in full. */
function selectedTabsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="tab"][aria-selected="true"]'))
      .filter((tab) => {
        const bar = tab.closest('[role="tablist"]')?.parentElement;
        if (!bar) return false;
        const shown = bar.getBoundingClientRect();
        const box = tab.getBoundingClientRect();
        return box.left < shown.left - 1 || box.right > shown.right + 1;
      })
      .map((tab) => tab.textContent),
  );
}

/** The page shown now fits: no sideways scrolling, no control cut off, its tab in view. */
async function expectShownPageFits(page: Page, name: string): Promise<void> {
  // Loaded once no indeterminate spinner is left; a meter (aria-valuenow) is content.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  expect(await sidewaysOverflow(page), `${name} scrolls sideways at 360 px`).toBe(0);
  expect(await cutOffControls(page), `${name} cuts controls off at 360 px`).toEqual([]);
  // The tab bar scrolls its current tab into view (with an animation).
  await expect
    .poll(() => selectedTabsOutOfView(page), { message: `${name} hides its current tab` })
    .toEqual([]);
}

async function expectFitsPhone(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectShownPageFits(page, path);
}

test('the sign-in, sign-up, password, confirmation, 3-D Secure, standalone anonymizer and 404 pages fit 360 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  for (const path of [
    '/sign-in',
    '/sign-up',
    '/forgot',
    '/reset_password/no-such-token',
    '/invitation_confirm/no-such-token',
    '/anonymizeDocs',
    '/no-such-page',
  ]) {
    await expectFitsPhone(page, path);
  }
  // A link that does not confirm shows its outcome (a good email link moves on to the profile).
  for (const [path, heading] of [
    ['/registration_confirm/no-such-token', 'Inactive account'],
    ['/email_confirm/no-such-token', 'Email not changed'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectShownPageFits(page, path);
  }

  // A new customer signs up, confirms and pays a plan with a card that asks for 3-D Secure.
  const email = uniqueEmail('phone-secure');
  await signUp(page, { email, firstName: 'Sol', lastName: 'Seguro' });
  await expectShownPageFits(page, 'the sign-up outcome');
  await page.goto(
    await linkFromMail(page.request, {
      to: email,
      subject: /Confirm your email/,
      route: 'registration_confirm',
    }),
  );
  await expect(page.getByRole('heading', { name: 'Great!' })).toBeVisible();
  await expectShownPageFits(page, 'the confirmed registration');
  await page.getByRole('button', { name: "Let's Start" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await fillBillingDetails(page);
  await addCard(page, '4000 0025 0000 3155');
  await page.goto('/neurons/LegalMind/plans');
  await page
    .getByRole('article', { name: 'Basic' })
    .getByRole('button', { name: 'SUBSCRIBE' })
    .click();
  await page
    .getByRole('dialog', { name: 'Payment process' })
    .getByRole('button', { name: 'PROCEED TO PAYMENT' })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/challenge\//, { timeout: 20_000 });
  const complete = page.getByRole('button', { name: 'Complete authentication' });
  await expect(complete).toBeVisible();
  await expectShownPageFits(page, 'the 3-D Secure challenge');
  await expect(complete).toBeInViewport();
  await complete.click();
  await expect(page.getByText('Your payment was successful!')).toBeVisible({ timeout: 20_000 });
});

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
    '/neurons/LegalMind/anonymize',
    '/nucleus/synthesizers',
    '/nucleus/plans',
    '/nucleus/api',
    '/nucleus/edge',
    '/dataverse/data-catalog',
    '/dataverse/monetize',
    '/dataverse/purchases',
    '/axon/my-data',
    '/axon/metrics',
    '/no-such-page',
  ]) {
    await expectFitsPhone(page, path);
  }
});

test('the platform administrator reads the users, the new-user form, promotion codes and domains at 360 px', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  for (const path of ['/admin', '/adminRegister', '/admin/promotion-codes', '/admin/domains']) {
    await expectFitsPhone(page, path);
  }
  // The domains table fits its frame: no Edit button hides beyond its right edge.
  const domains = page.getByRole('table', { name: 'Domains' });
  expect(
    await domains.evaluate((table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0)),
  ).toBeLessThanOrEqual(0);
});
