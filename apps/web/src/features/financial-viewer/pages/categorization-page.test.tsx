import type { TUpdateCategoryResponse } from '@app/contracts/financial-viewer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, recordedCalls } from '../../../test/fetch-stub';
import {
  ACCOUNTS,
  buildTransaction,
  CATEGORIES,
  CATEGORIZATION,
} from '../components/analysis/analysis-fixtures';
import '../i18n/register';
import { renderViewerPage, text, type Routes } from '../testing/render-page';
import { stubLayoutInEachTest } from '../../../test/layout-stub';
import { CategorizationPage } from './categorization-page';

const TRANSACTION = buildTransaction();

function renderPage(routes: Routes = {}) {
  return renderViewerPage({
    path: '/categorization',
    element: <CategorizationPage />,
    routes: {
      'GET /api/financialviewer/account': { body: ACCOUNTS },
      'GET /api/financialviewer/categorization': { body: CATEGORIZATION },
      'GET /api/financialviewer/categories': { body: CATEGORIES },
      'GET /api/financialviewer/transaction': {
        body: { items: [TRANSACTION], total: 1, page: 0, pageSize: 10 },
      },
      ...routes,
    },
  });
}

type User = ReturnType<typeof renderPage>['user'];

/** Opens the drill-down of the Food Dining expenses from the legend. */
async function openFoodDrilldown(user: User) {
  const legend = await screen.findByRole('region', { name: 'Categories' });
  await user.click(within(legend).getByRole('button', { name: /Food Dining/ }));
  await user.click(
    within(legend).getByRole('button', { name: 'See the transactions of Food Dining' }),
  );
  return screen.findByRole('dialog', { name: 'Food Dining: transactions' });
}

/** Picks Fuel for the restaurant's transaction: the question to confirm opens. */
async function pickFuelForTheRestaurant(user: User) {
  const dialog = await openFoodDrilldown(user);
  await within(dialog).findByText('Restaurante Casa Pepe');
  await user.click(
    within(dialog).getByRole('combobox', { name: 'Category of Restaurante Casa Pepe' }),
  );
  await user.click(await screen.findByRole('option', { name: 'Fuel' }));
  const confirm = await screen.findByRole('dialog', { name: 'Change the category' });
  return { dialog, confirm };
}

stubLayoutInEachTest(600, 300);

// The data grid, the charts and the pickers make these page tests slow on a busy machine.
describe('CategorizationPage', () => {
  it('shows the expense totals by parent with share, count and sub-categories', async () => {
    const { user, spy } = renderPage();
    const legend = await screen.findByRole('region', { name: 'Categories' });
    const food = within(legend).getByRole('button', { name: /Food Dining/ });
    expect(text(food)).toContain('1.234,56 €');
    // Spanish number format in the English UI too, like the amounts.
    expect(text(food)).toContain('83,2 %');
    expect(text(food)).toContain('Transactions: 12');
    // Largest first.
    const summaries = within(legend).getAllByRole('button', { expanded: false });
    expect(text(summaries[0]!)).toContain('Food Dining');
    expect(text(summaries[1]!)).toContain('Transportation');

    await user.click(food);
    expect(text(within(legend).getByText('Restaurants').closest('li'))).toContain('1.000,00 €');
    expect(screen.getByRole('figure', { name: 'Share of expenses by category' })).toBeVisible();
    expect(screen.getByRole('figure', { name: 'Expenses by category' })).toBeVisible();

    const query = recordedCalls(spy).find(
      (c) => c.path === '/api/financialviewer/categorization',
    )!.query;
    expect(query.get('valueDateFrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const from = Number(query.get('valueDateFrom')!.slice(0, 4));
    const to = Number(query.get('valueDateTo')!.slice(0, 4));
    expect(to - from).toBe(2);
  });

  it('opens the drill-down from a click on a slice of the donut', async () => {
    const { user } = renderPage();
    const donut = await screen.findByRole('figure', { name: 'Share of expenses by category' });
    const slice = await within(donut).findByRole(
      'button',
      { name: 'See the transactions of Food Dining' },
      { timeout: 5000 },
    );
    await user.click(slice.querySelector('path') ?? slice);
    expect(await screen.findByRole('dialog', { name: 'Food Dining: transactions' })).toBeVisible();
  });

  it('opens the drill-down from a click on a bar, or Enter on it', async () => {
    const { user } = renderPage();
    const bars = await screen.findByRole('figure', { name: 'Expenses by category' });
    const bar = await within(bars).findByRole(
      'button',
      { name: 'See the transactions of Transportation' },
      { timeout: 5000 },
    );
    await user.click(bar.querySelector('path') ?? bar);
    const dialog = await screen.findByRole('dialog', { name: 'Transportation: transactions' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    within(bars).getByRole('button', { name: 'See the transactions of Food Dining' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Food Dining: transactions' })).toBeVisible();
  });

  it('switches to incomes', async () => {
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Categories' });
    await user.click(screen.getByRole('button', { name: 'Incomes' }));
    const legend = screen.getByRole('region', { name: 'Categories' });
    expect(text(within(legend).getByRole('button', { name: /Income/ }))).toContain('3.000,00 €');
    expect(within(legend).queryByText('Food Dining')).toBeNull();
  });

  it('says so when there is nothing to show', async () => {
    renderPage({
      'GET /api/financialviewer/categorization': {
        body: { currency: 'EUR', expenses: [], incomes: [] },
      },
    });
    expect(await screen.findByText('Nothing to show just yet!')).toBeInTheDocument();
  });

  it('opens the drill-down with the parent’s transactions and their category origin', async () => {
    const { user, spy } = renderPage({
      'GET /api/financialviewer/transaction': {
        body: {
          items: [
            TRANSACTION,
            buildTransaction({
              txId: '22222222-2222-4333-8444-555555555555',
              txDescription: 'Mercadona',
              txAmount: -2_345,
              category: { ...TRANSACTION.category, catId: 102, description: 'Groceries' },
              isCategoryManual: true,
            }),
          ],
          total: 2,
          page: 0,
          pageSize: 10,
        },
      },
    });

    const dialog = await openFoodDrilldown(user);
    expect(await within(dialog).findByText('Restaurante Casa Pepe')).toBeInTheDocument();
    expect(within(dialog).getByText('Mercadona')).toBeInTheDocument();
    expect(within(dialog).getAllByText('20-11-2026')).toHaveLength(2);
    expect(text(dialog)).toContain('-45,50 €');
    expect(text(dialog)).toContain('auto · 85 %');
    expect(within(dialog).getByText('set by you')).toBeInTheDocument();

    const call = recordedCalls(spy).find((c) => c.path === '/api/financialviewer/transaction')!;
    expect(call.query.get('parentIds')).toBe('1');
    expect(call.query.get('amountSign')).toBe('expense');
    expect(call.query.get('pageSize')).toBe('10');
    expect(call.query.get('page')).toBe('0');
    expect(call.query.get('valueDateFrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('changes a category, applying it to similar ones, and says how many followed', async () => {
    const updated: TUpdateCategoryResponse = {
      transaction: buildTransaction({
        category: { ...TRANSACTION.category, catId: 102, description: 'Groceries' },
        isCategoryManual: true,
      }),
      similarUpdated: 4,
    };
    const { user, spy } = renderPage({
      [`PUT /api/financialviewer/transaction/${TRANSACTION.txId}/category`]: { body: updated },
    });
    const dialog = await openFoodDrilldown(user);
    await within(dialog).findByText('Restaurante Casa Pepe');

    await user.click(
      within(dialog).getByRole('combobox', { name: 'Category of Restaurante Casa Pepe' }),
    );
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Transportation')).toBeInTheDocument(); // a group
    await user.click(within(listbox).getByRole('option', { name: 'Groceries' }));

    const confirm = await screen.findByRole('dialog', { name: 'Change the category' });
    expect(text(confirm)).toContain(
      'Change the category of “Restaurante Casa Pepe” to “Groceries”?',
    );
    const similar = within(confirm).getByRole('checkbox', {
      name: 'Apply to similar transactions too?',
    });
    expect(similar).toBeChecked();
    await user.click(within(confirm).getByRole('button', { name: 'Change' }));

    expect(
      await within(dialog).findByText('Category changed; 4 similar transactions updated too'),
    ).toBeInTheDocument();
    const put = recordedCalls(spy).find((c) => c.method === 'PUT')!;
    expect(put.json).toEqual({ catId: 102, applyToSimilar: true });
    // Charts and lists are fetched again.
    await waitFor(() => {
      expect(
        recordedCalls(spy).filter((c) => c.path === '/api/financialviewer/categorization'),
      ).toHaveLength(2);
    });
  });

  it('can change only the one transaction', async () => {
    const { user, spy } = renderPage({
      [`PUT /api/financialviewer/transaction/${TRANSACTION.txId}/category`]: {
        body: { transaction: TRANSACTION, similarUpdated: 0 },
      },
    });
    const { dialog, confirm } = await pickFuelForTheRestaurant(user);
    await user.click(within(confirm).getByRole('checkbox'));
    await user.click(within(confirm).getByRole('button', { name: 'Change' }));
    expect(await within(dialog).findByText('Category changed')).toBeInTheDocument();
    expect(recordedCalls(spy).find((c) => c.method === 'PUT')!.json).toEqual({
      catId: 201,
      applyToSimilar: false,
    });
  });

  it('pages the drill-down on the server, 10 transactions at a time', async () => {
    const { user, spy } = renderPage({
      'GET /api/financialviewer/transaction': (call) => {
        const page = Number(call.query.get('page'));
        return {
          body: {
            items: [buildTransaction({ txDescription: `Página ${String(page)}` })],
            total: 25,
            page,
            pageSize: 10,
          },
        };
      },
    });
    const dialog = await openFoodDrilldown(user);
    await within(dialog).findByText('Página 0');
    expect(text(dialog)).toContain('1–10 of 25');
    await user.click(within(dialog).getByRole('button', { name: 'Go to next page' }));
    expect(await within(dialog).findByText('Página 1')).toBeInTheDocument();
    const pages = recordedCalls(spy)
      .filter((c) => c.path === '/api/financialviewer/transaction')
      .map((c) => c.query.get('page'));
    expect(pages).toEqual(['0', '1']);
  });

  it('keeps the question open with the reason when the change fails', async () => {
    const { user } = renderPage({
      [`PUT /api/financialviewer/transaction/${TRANSACTION.txId}/category`]: {
        status: 404,
        body: errorBody('NOT_FOUND', 'Transaction not found'),
      },
    });
    const { confirm } = await pickFuelForTheRestaurant(user);
    await user.click(within(confirm).getByRole('button', { name: 'Change' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'What you are looking for does not exist.',
    );
    expect(within(confirm).queryByText('Transaction not found')).toBeNull();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('changes the category once when Change is pressed twice before the answer', async () => {
    const { user, spy } = renderPage({
      [`PUT /api/financialviewer/transaction/${TRANSACTION.txId}/category`]: {
        body: { transaction: TRANSACTION, similarUpdated: 0 },
      },
    });
    const { dialog, confirm } = await pickFuelForTheRestaurant(user);
    const change = within(confirm).getByRole('button', { name: 'Change' });
    fireEvent.click(change);
    fireEvent.click(change);
    expect(await within(dialog).findByText('Category changed')).toBeInTheDocument();
    expect(recordedCalls(spy).filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
