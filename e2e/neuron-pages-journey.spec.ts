import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

/** The free LegalMind plan, taken through the API with the signed-in session. */
async function subscribeToFreeLegalMind(page: Page): Promise<void> {
  const session = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.post('/api/microservice/free/LegalMind', {
    headers: { authorization: `Bearer ${session ?? ''}` },
  });
  expect(response.status()).toBe(201);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a new team finds its first module, calls its API from the page and sees the use', async ({
  page,
}) => {
  await signUpConfirmed(page, { email: uniqueEmail('api'), firstName: 'Ada', lastName: 'Api' });

  // Home leads a team without modules to the welcome page.
  await page.getByRole('link', { name: 'Get started with your first module' }).click();
  await expect(page).toHaveURL(/\/cortex\/welcome$/);
  await expect(page.getByRole('heading', { name: "Welcome to your team's modules" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans for LegalMind' })).toBeVisible();

  await subscribeToFreeLegalMind(page);
  await page.reload();
  await page.getByRole('link', { name: 'Open LegalMind' }).click();
  await expect(page).toHaveURL(/\/neurons\/LegalMind\/overview$/);
  await expect(page.getByText(/Your team is subscribed to the .+ plan\./)).toBeVisible();

  // Test: the page calls the API with the team's token and shows the answer.
  await page.getByRole('tab', { name: 'Test' }).click();
  await expect(page).toHaveURL(/\/neurons\/LegalMind\/test$/);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Status 200')).toBeVisible();
  await expect(page.getByText(/\[PERSON_1\]/).first()).toBeVisible();

  // Integration: examples with a placeholder, never the real token.
  await page.getByRole('tab', { name: 'Integration' }).click();
  await expect(page.getByText('YOUR_TOKEN').first()).toBeVisible();
  await expect(page.getByText(/nrn_[\w-]{20,}/)).toHaveCount(0);

  // Usage: the call is in the log.
  await page.getByRole('tab', { name: 'Usage' }).click();
  await expect(page.getByRole('gridcell', { name: 'POST /v1/text/english' })).toBeVisible();

  // Document insights: counts of what the document held, never its text.
  await page.getByRole('tab', { name: 'Document insights' }).click();
  await expect(
    page.getByText('Only counts are kept: LegalMind never stores the text of your documents', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByText(/People: \d+ in 1 document$/)).toBeVisible();

  // The dashboard shows the month's calls against the plan.
  await page.goto('/cortex/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/1 of [\d.]+ calls this month/)).toBeVisible();

  // The API address answers as an API: an unknown path under it is a JSON 404.
  const unknown = await page.request.get('/v1/financial/no-such-call');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });

  // Every page fits a 360 px phone.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/cortex/welcome',
    '/cortex/dashboard',
    '/neurons/LegalMind/overview',
    '/neurons/LegalMind/test',
    '/neurons/LegalMind/integration',
    '/neurons/LegalMind/usage',
    '/neurons/LegalMind/performance',
    '/neurons/LegalMind/documentsInsights',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page);
  }
});
