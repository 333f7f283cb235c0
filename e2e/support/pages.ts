import { expect, type Page } from '@playwright/test';
import { linkFromMail } from './outbox';

export const PASSWORD = 'Bright#Moon42';

/**
 * Signs in from the sign-in page and waits for the landing page: `/home` for a customer,
 * `/admin` for the platform administrator (whom `/home` sends on at once).
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  landing: RegExp = /\/home$/,
): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(landing);
}

export async function signUp(
  page: Page,
  user: { email: string; firstName: string; lastName: string; company?: string },
): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Company email').fill(user.email);
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  if (user.company) await page.getByLabel('Company (optional)').fill(user.company);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  const submit = page.getByRole('button', { name: 'Sign Up' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('I accept the terms of service').check();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Almost done!' })).toBeVisible();
}

/** Signs up through the form, follows the confirmation mail and lands on /home signed in. */
export async function signUpConfirmed(
  page: Page,
  user: { email: string; firstName: string; lastName: string; company?: string },
): Promise<void> {
  await signUp(page, user);
  const confirmPath = await linkFromMail(page.request, {
    to: user.email,
    subject: /Confirm your email/,
    route: 'registration_confirm',
  });
  await page.goto(confirmPath);
  await page.getByRole('button', { name: "Let's Start" }).click();
  await expect(page).toHaveURL(/\/home$/);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}
