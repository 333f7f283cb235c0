import { expect, test, type Page } from '@playwright/test';
import { subscribeWithTestCard } from './support/billing';
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

/** Picks an operation of the API document in the page's Operation list (method, path, summary). */
async function chooseOperation(page: Page, option: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Operation' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Operation' })).toHaveText(option);
}

/** One summary figure of a page ("Calls", "Error rate"…), found by its name. */
function figure(page: Page, name: string) {
  return page.getByRole('group', { name, exact: true });
}

test('a Financial Viewer subscriber calls its API from the pages and sees the calls, the error among them, in usage and performance', async ({
  page,
}) => {
  // Paying for the plan goes through the billing pages first: more than the default 60 s.
  test.setTimeout(180_000);
  await signUpConfirmed(page, { email: uniqueEmail('fvapi'), firstName: 'Fede', lastName: 'Api' });
  await subscribeWithTestCard(page, { plansPath: '/neurons/FinancialViewer/plans', plan: 'Basic' });

  await page.goto('/neurons/FinancialViewer/overview');
  await expect(
    page.getByText('Your team is subscribed to the Basic plan.', { exact: true }),
  ).toBeVisible();

  // Test: the page opens on getbanks, filled with the team's token, and shows the banks.
  await page.getByRole('tab', { name: 'Test' }).click();
  await expect(page).toHaveURL(/\/neurons\/FinancialViewer\/test$/);
  await expect(page.getByRole('combobox', { name: 'Operation' })).toHaveText(
    'GET /v1/financial/getbanks — The banks that can be connected or imported (bank_name, bank_code, country_code, logo)',
  );
  await expect(page.getByLabel('country', { exact: true })).toHaveValue('ES');
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = page.getByRole('status');
  await expect(answer.getByText('Status 200 OK', { exact: true })).toBeVisible();
  await expect(answer.getByLabel('Answer content')).toContainText('"bank_name": "BBVA"');
  await expect(answer.getByLabel('Answer content')).toContainText('"bank_code": "BBVA_ES"');

  // A token call with bad input: a bank code that does not exist is a 400 the page explains.
  await chooseOperation(
    page,
    'POST /v1/financial/addconexion — A connection of imported statements for a bank; answers its con_id',
  );
  await page.getByLabel('conn_name', { exact: true }).fill('Statements');
  await page.getByLabel('bank_code', { exact: true }).fill('NO_SUCH_BANK');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answer.getByText('Status 400 Bad Request', { exact: true })).toBeVisible();
  await expect(answer.getByRole('alert')).toHaveText(
    'Some of the values sent are not valid. Check the parameters and the body.',
  );
  await expect(answer.getByLabel('Answer content')).toContainText(
    'There is no bank with the code NO_SUCH_BANK.',
  );

  // Integration: the statement import in curl, JavaScript and Python, with the placeholder.
  await page.getByRole('tab', { name: 'Integration' }).click();
  await expect(page).toHaveURL(/\/neurons\/FinancialViewer\/integration$/);
  await expect(page.getByRole('heading', { name: 'Integration', level: 1 })).toBeVisible();
  await chooseOperation(
    page,
    'POST /v1/financial/addconexionfile — Imports a statement (.csv, .xls, .xlsx; multipart field "document") into an account',
  );
  const address = /\/v1\/financial\/addconexionfile\?token=YOUR_TOKEN&conn_id=&account_id=/;
  const curl = page.getByRole('region', { name: 'curl', exact: true });
  await expect(curl).toContainText(address);
  await expect(curl).toContainText("-F 'document=@statement.csv'");
  await page.getByRole('tab', { name: 'JavaScript (fetch)' }).click();
  const javascript = page.getByRole('region', { name: 'JavaScript (fetch)', exact: true });
  await expect(javascript).toContainText(address);
  await expect(javascript).toContainText('form.append("document", file);');
  await page.getByRole('tab', { name: 'Python (requests)' }).click();
  const python = page.getByRole('region', { name: 'Python (requests)', exact: true });
  await expect(python).toContainText(address);
  await expect(python).toContainText('files={"document": file}');
  await expect(page.getByText(/nrn_[\w-]{20,}/)).toHaveCount(0);

  // Usage: both calls in the paged log, one of them failed, and in the figures and chart.
  await page.getByRole('tab', { name: 'Usage' }).click();
  await expect(page).toHaveURL(/\/neurons\/FinancialViewer\/usage$/);
  const log = page.getByRole('grid', { name: 'Latest calls' });
  const rowOf = (endpoint: string) =>
    log
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell', { name: endpoint, exact: true }) });
  await expect(
    rowOf('/v1/financial/getbanks').getByRole('gridcell', { name: '200', exact: true }),
  ).toBeVisible();
  await expect(
    rowOf('/v1/financial/addconexion').getByRole('gridcell', { name: '400', exact: true }),
  ).toBeVisible();
  await expect(page.getByText('1–2 of 2', { exact: true })).toBeVisible();
  await expect(figure(page, 'Calls').getByText('2', { exact: true })).toBeVisible();
  await expect(figure(page, 'Errors').getByText('1', { exact: true })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Calls and errors per day' })).toBeVisible();
  // The refused call is free: only the answered one counts against the plan's 1.000.
  await expect(
    page.getByText('1 of 1.000 calls of your plan this month', { exact: true }),
  ).toBeVisible();

  // Performance: the successful call's latency, and one error in two calls.
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page).toHaveURL(/\/neurons\/FinancialViewer\/performance$/);
  await expect(figure(page, 'Error rate').getByText('50,0 %', { exact: true })).toBeVisible();
  await expect(figure(page, 'Calls').getByText('2', { exact: true })).toBeVisible();
  await expect(
    figure(page, 'Error rate').getByText('1 error in 2 calls', { exact: true }),
  ).toBeVisible();
  await expect(
    figure(page, 'Median latency (p50)').getByText('Half of the successful calls took less.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(figure(page, 'Median latency (p50)')).toContainText(/\d ms/);
  await expect(page.getByRole('figure', { name: 'Latency per day' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Error rate per day' })).toBeVisible();
});
