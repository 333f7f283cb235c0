import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/admin';
import { linkFromMail, uniqueEmail } from './support/outbox';
import { PASSWORD, signIn } from './support/pages';

test('the platform administrator creates a user, who chooses a password and is activated', async ({
  page,
}) => {
  const email = uniqueEmail('created');

  // The administrator created at start from ADMIN_EMAIL lands on /admin.
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, /\/admin$/);
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();

  await page.getByRole('link', { name: 'Create new user' }).click();
  await expect(page).toHaveURL(/\/adminRegister$/);
  await page.getByLabel('First name').fill('Marta');
  await page.getByLabel('Last name').fill('Ruiz');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Active').uncheck();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(`The user ${email} has been created`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row.getByText('No')).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // The new user chooses a password from the mail, but cannot sign in until activated.
  const setPasswordPath = await linkFromMail(page.request, {
    to: email,
    subject: /account is ready/,
    route: 'reset_password',
  });
  await page.goto(setPasswordPath);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(
    page.getByText('Your email is pending validation, please check your mailbox.'),
  ).toBeVisible();

  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: `Activate ${email}` }).click();
  await expect(page.getByText(`The user ${email} has been activated.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email) }).getByText('Yes')).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
