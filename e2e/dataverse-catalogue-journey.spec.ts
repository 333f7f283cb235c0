import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/outbox';
import { signUpConfirmed } from './support/pages';

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search datasets' });
  await box.fill(text);
  if (text === '') await expect(page).not.toHaveURL(/[?&]q=/);
  else await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

function cards(page: Page) {
  return page.getByRole('region', { name: 'Datasets' }).getByRole('article');
}

/** The seeded catalogue: three real open datasets and three synthetic ones. */
const SEEDED_DATASETS = [
  'Synthetic census income (Adult)',
  'Synthetic bank accounts (Berka)',
  'Synthetic bank transactions (Berka)',
  'Palmer Archipelago penguins',
  'Atmospheric CO₂ at Mauna Loa',
  'Iowa electricity generation by source',
];

/** Every seeded dataset is listed; other journeys' teams may have published more. */
async function expectSeededCatalogue(page: Page): Promise<void> {
  for (const name of SEEDED_DATASETS) {
    await expect(cards(page).filter({ hasText: name })).toHaveCount(1);
  }
}

async function browseCatalogue(page: Page, options: { isPhone: boolean }): Promise<void> {
  await page.goto('/home');
  if (options.isPhone) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
  }
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dataverse' })
    .click();
  await expect(page).toHaveURL(/\/dataverse\/data-catalog$/);
  await expect(page.getByRole('tab', { name: 'Data Catalog' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'METRICS' })).toBeDisabled();
  await expectSeededCatalogue(page);
  await expectNoHorizontalScroll(page);

  // A typo, then a word typed without its accent ("Adélie").
  await search(page, 'pengiuns');
  await expect(cards(page).first()).toContainText('Palmer Archipelago penguins');
  await search(page, 'adelie');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Palmer Archipelago penguins');
  await search(page, 'zzqx');
  await expect(page.getByText('No results found')).toBeVisible();
  await search(page, '');
  await expectSeededCatalogue(page);

  // The industry facet in the filter panel, kept in the address.
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page).toHaveURL(/\/dataverse\/data-catalog\/filter$/);
  const filters = page.getByRole('region', { name: 'Filters' });
  const industries = filters.getByRole('group', { name: 'Industry' });
  await industries.getByRole('searchbox', { name: 'Search Industry' }).fill('ELECTRICITY');
  // The box follows the address: a click asks for the change, the address then checks it.
  const electricity = industries.getByRole('checkbox', {
    name: 'Electricity, gas, steam and air conditioning supply',
  });
  await electricity.click();
  await expect(electricity).toBeChecked();
  await expect(page).toHaveURL(/industry=D/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Iowa electricity generation by source');
  await expectNoHorizontalScroll(page);

  // The compact view, and the back button returns to the basic one.
  await page.getByRole('button', { name: 'Compact view' }).click();
  await expect(page).toHaveURL(/view=compact/);
  await expect(page.getByRole('button', { name: 'Compact view' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoHorizontalScroll(page);
  await page.goBack();
  await expect(page).not.toHaveURL(/view=compact/);
  await expect(page.getByRole('button', { name: 'Basic view' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goBack();
  await expect(page).not.toHaveURL(/industry=/);
  await expectSeededCatalogue(page);

  // A seeded dataset: its facts, the Columns and the Preview tabs.
  await search(page, 'penguins');
  // The previous results stay on screen until the new ones come: wait for them.
  await expect(cards(page).first()).toContainText('Palmer Archipelago penguins');
  await cards(page).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/dataverse\/data-catalog\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { name: 'Palmer Archipelago penguins', level: 2 }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'CC0 1.0 Universal' })).toBeVisible();
  await expect(page.getByText(/^\d{4}-\d{2}-\d{2}$/).first()).toBeVisible();
  const columns = page.getByRole('table', { name: 'Columns' });
  await expect(columns.getByRole('row')).toHaveCount(8);
  await expect(columns.getByRole('row', { name: /^Species/ })).toContainText('Yes');
  await expect(page.getByRole('tab', { name: 'Model' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('table', { name: 'Preview of the dataset' });
  await expect(preview.getByRole('row')).toHaveCount(21);
  await expect(preview.getByRole('row').nth(1)).toContainText('Torgersen');
  await expectNoHorizontalScroll(page);

  // Back to the same search.
  await page.getByRole('link', { name: 'Back to the catalogue' }).click();
  await expect(page).toHaveURL(/\/dataverse\/data-catalog(\/filter)?\?q=penguins$/);
  await expect(page.getByRole('searchbox', { name: 'Search datasets' })).toHaveValue('penguins');
}

test('a signed-in user searches the catalogue with a typo and without accents, filters by industry, switches views and reads a dataset, on a desktop and at 360 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpConfirmed(page, {
    email: uniqueEmail('dataverse'),
    firstName: 'Dana',
    lastName: 'Dataverse',
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await browseCatalogue(page, { isPhone: false });

  await page.setViewportSize({ width: 360, height: 740 });
  await browseCatalogue(page, { isPhone: true });
});
