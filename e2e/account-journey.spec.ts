import { expect, test } from '@playwright/test';
import { linkFromMail, uniqueEmail } from './support/outbox';
import { PASSWORD, signIn, signUp, signUpConfirmed } from './support/pages';

// The smallest valid PNG: one pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const NEW_PASSWORD = 'Quiet!River58';

test('a new customer signs up, confirms, edits the profile, changes the password and signs in again', async ({
  page,
}) => {
  const email = uniqueEmail('ana');
  await signUp(page, { email, firstName: 'Ana', lastName: 'García', company: 'Acme Industries' });

  // Before confirming, signing in is refused with the pending-validation message.
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(
    page.getByText('Your email is pending validation, please check your mailbox.'),
  ).toBeVisible();

  const confirmPath = await linkFromMail(page.request, {
    to: email,
    subject: /Confirm your email/,
    route: 'registration_confirm',
  });
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { name: 'Great!' })).toBeVisible();
  await page.getByRole('button', { name: "Let's Start" }).click();
  await expect(page).toHaveURL(/\/home$/);

  // The link clicked again says the account is already confirmed, with a way to log in.
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { name: 'Already confirmed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  await page.goto('/home');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);

  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('NIF').fill('B12345678');
  await page.getByLabel('Billing address').fill('Calle Mayor 1');
  await page.getByLabel('ZIP').fill('28013');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Your profile has been successfully updated')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Profile photo' })).toHaveAttribute(
    'src',
    /\/api\/files\/photos\//,
  );

  // A file that only pretends to be an image is refused with the Image Error dialog.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
  await expect(page.getByRole('dialog', { name: 'Image Error' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await page.reload();
  await expect(page.getByLabel('NIF')).toHaveValue('B12345678');

  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Old password').fill(PASSWORD);
  await page.getByLabel('New password').fill('Quiet!abc58');
  await page.getByLabel('Confirm password').fill('Quiet!abc58');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Password must not contains sequence of letters or numbers').first(),
  ).toBeVisible();

  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfuly')).toBeVisible();

  // The session goes on with the new password.
  await page.getByRole('tab', { name: 'Support' }).click();
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Subject').fill('Invoices');
  await expect(send).toBeDisabled();
  await page.getByLabel('Message').fill('Where can I download my invoices?');
  await send.click();
  await expect(page.getByText('Your message has been sent successfully')).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid user or password.')).toBeVisible();

  await signIn(page, email, NEW_PASSWORD);
  await expect(page.getByText('Welcome, Ana')).toBeVisible();
});

test('a customer who forgot the password resets it by the mailed link', async ({ page }) => {
  const email = uniqueEmail('luis');
  await signUp(page, { email, firstName: 'Luis', lastName: 'Pérez' });
  await page.goto(
    await linkFromMail(page.request, {
      to: email,
      subject: /Confirm your email/,
      route: 'registration_confirm',
    }),
  );
  await expect(page.getByRole('heading', { name: 'Great!' })).toBeVisible();
  await page.evaluate(() => {
    localStorage.clear();
  });

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('We send an email with instructions to reset your password.'),
  ).toBeVisible();

  const resetPath = await linkFromMail(page.request, {
    to: email,
    subject: /Reset your/,
    route: 'reset_password',
  });
  await page.goto(resetPath);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill('Quiet!River59');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('New password and confirm password must be equals')).toBeVisible();
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password has been changed. You can now log in with it.'),
  ).toBeVisible();

  // The link works once.
  await page.goto(resetPath);
  await page.getByLabel('New password').fill('Other!River58');
  await page.getByLabel('Confirm password').fill('Other!River58');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This link is not valid or has expired.')).toBeVisible();

  await signIn(page, email, NEW_PASSWORD);
});

test('a customer changes the email only through the link mailed to the new address', async ({
  page,
}) => {
  const email = uniqueEmail('marta');
  const newEmail = uniqueEmail('marta.new');
  await signUpConfirmed(page, { email, firstName: 'Marta', lastName: 'Ruiz' });

  await page.goto('/account/profile');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(
      `Your profile has been saved. We sent a link to ${newEmail}: your email changes when you open it.`,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  // Until the link is opened the email stays the same.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(
    page.getByText(`We sent a link to ${newEmail}. Your email changes when you open it.`),
  ).toBeVisible();

  const confirmPath = await linkFromMail(page.request, {
    to: newEmail,
    subject: /Confirm your new email/,
    route: 'email_confirm',
  });
  await page.goto(confirmPath);
  await expect(page).toHaveURL(/\/account\/profile$/);
  await expect(
    page.getByText('Your new email is confirmed. Use it to sign in from now on.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(newEmail);

  // The link works once.
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { name: 'Email not changed' })).toBeVisible();

  await page.evaluate(() => {
    localStorage.clear();
  });
  await signIn(page, newEmail, PASSWORD);
});
