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
  await expect(row.getByText('No', { exact: true })).toBeVisible();
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
  await expect(
    page.getByRole('row', { name: new RegExp(email) }).getByText('Yes', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('the platform administrator adds a Dataverse domain and changes both its descriptions', async ({
  page,
}) => {
  const code = `E2E-${Date.now().toString(36)}`;
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, /\/admin$/);
  await page
    .getByRole('navigation', { name: 'Administration sections' })
    .getByRole('tab', { name: 'Domains' })
    .click();
  await expect(page).toHaveURL(/\/admin\/domains$/);
  const table = page.getByRole('table', { name: 'Domains' });
  await expect(table.getByRole('row', { name: /Finance Finanzas/ })).toBeVisible();

  const form = page.getByRole('form', { name: 'New domain' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('English description').fill('Agritech');
  await form.getByLabel('Spanish description').fill('Agrotecnología');
  await form.getByLabel('Spanish description').press('Enter');
  await expect(form.getByText(`The domain ${code} has been added.`)).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Agritech');
  await expect(row).toContainText('Agrotecnología');

  // The same code again is refused in words, not with the server's sentence.
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('English description').fill('Agritech again');
  await form.getByLabel('Spanish description').fill('Agrotecnología otra vez');
  await form.getByRole('button', { name: 'Add domain' }).click();
  await expect(
    form.getByText('This dimension already has an element with this code.'),
  ).toBeVisible();

  // Both descriptions change in the dialog, from the keyboard.
  await page.getByRole('button', { name: `Edit domain ${code}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Edit domain ${code}` });
  await expect(dialog.getByLabel('English description')).toBeFocused();
  await dialog.getByLabel('English description').fill('Agricultural technology');
  await page.keyboard.press('Tab');
  await dialog.getByLabel('Spanish description').fill('Tecnología agraria');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`The domain ${code} has been updated.`)).toBeVisible();

  // Stored: after a reload the list reads the new descriptions, in Spanish too.
  await page.reload();
  await expect(row).toContainText('Agricultural technology');
  await expect(row).toContainText('Tecnología agraria');
  const spanish = await page.request.get('/api/dimension/code/10?lang=es', {
    headers: {
      Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token') ?? '')}`,
    },
  });
  const domains = (await spanish.json()) as { domelCode: string; domelDesc: string }[];
  expect(domains.find((domain) => domain.domelCode === code)?.domelDesc).toBe('Tecnología agraria');
});
