import { expect, test } from '@playwright/test';
import { linkFromMail, uniqueEmail } from './support/outbox';
import { signUp } from './support/pages';

test('an unknown route shows Page Not Found with a way back', async ({ page }) => {
  await page.goto('/this/route/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('the app root sends a visitor to sign in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('switching to Spanish shows the app in Spanish and keeps it after a reload', async ({
  page,
}) => {
  const email = uniqueEmail('marta');
  await signUp(page, { email, firstName: 'Marta', lastName: 'Ruiz' });
  await page.goto(
    await linkFromMail(page.request, {
      to: email,
      subject: /Confirm your email/,
      route: 'registration_confirm',
    }),
  );
  await page.getByRole('button', { name: "Let's Start" }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Until the home page renders, the confirmation page's own Language menu is still there.
  await expect(page.getByRole('heading', { name: 'Welcome, Marta' })).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  // The choice is also stored on the server (for mail); the reload below must not cut it off.
  const languageStored = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/language') && response.ok(),
  );
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await languageStored;
  await expect(page.getByRole('button', { name: 'Idioma' })).toBeVisible();
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Mi cuenta' }).click();
  await expect(page.getByRole('tab', { name: 'Perfil' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Seguridad' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Seguridad' })).toBeVisible();

  await page.getByRole('tab', { name: 'Seguridad' }).click();
  await page.getByLabel('Contraseña actual').fill('x');
  await page.getByLabel('Nueva contraseña').fill('Quiet!abc58');
  await page.getByLabel('Confirmar contraseña').fill('Quiet!abc58');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(
    page.getByText('La contraseña no debe contener secuencias de letras o números').first(),
  ).toBeVisible();
});

test('the sign-in page works in Spanish before signing in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await page.getByLabel('Email').fill('nadie@acme-industries.com');
  await page.getByLabel('Contraseña', { exact: true }).fill('Wrong#Pass99');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Usuario o contraseña incorrectos.')).toBeVisible();
});
