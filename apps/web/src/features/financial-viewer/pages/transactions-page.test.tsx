import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { SLOW, stubLayout } from '../../../test/layout-stub';
import { changeLanguage } from '../../../lib/i18n';
import {
  buildAccount,
  buildAccountsResponse,
  buildTransaction,
  accessResponse,
  signIn,
} from '../testing/viewer-fixtures';
import { TransactionsPage } from './transactions-page';

const ACCOUNT = buildAccount();
const ITEMS = [
  buildTransaction({ txDescription: 'Coffee shop', txAmount: -4550 }),
  buildTransaction({ txDescription: 'Invoice 42', txAmount: 123456, txBalance: null }),
];

function renderTransactions(routes: Parameters<typeof stubFetch>[0] = {}) {
  signIn();
  const spy = stubFetch({
    'GET /api/microservice/access/FinancialViewer': { body: accessResponse({ subscribed: true }) },
    'GET /api/financialviewer/account': { body: buildAccountsResponse([ACCOUNT]) },
    'GET /api/financialviewer/transaction': (call) => ({
      body: {
        items: ITEMS,
        total: 25,
        page: Number(call.query.get('page')),
        pageSize: 10,
      },
    }),
    ...routes,
  });
  return {
    spy,
    ...renderRoute({
      path: '/neurons/FinancialViewer/financialTransactional',
      element: <TransactionsPage />,
    }),
  };
}

function lastListQuery(spy: ReturnType<typeof stubFetch>) {
  const calls = recordedCalls(spy).filter(
    (call) => call.path === '/api/financialviewer/transaction',
  );
  return Object.fromEntries(calls.at(-1)?.query ?? []);
}

describe('TransactionsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T10:00:00Z') });
    stubLayout();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the movements with their category, in Spanish format, green and red', async () => {
    renderTransactions();
    const grid = await screen.findByRole('grid', { name: 'Transactions' });
    await within(grid).findByText('Coffee shop', {}, SLOW);
    expect(within(grid).getByText('-45,50 €')).toBeVisible();
    expect(within(grid).getByText('1.234,56 €')).toBeVisible();
    expect(within(grid).getAllByText('02-11-2026').length).toBeGreaterThan(0);
    expect(within(grid).getAllByText('Restaurants').length).toBe(2);
  });

  it('counts the rows of the pages in Spanish format, grouped', async () => {
    await changeLanguage('es');
    renderTransactions({
      'GET /api/financialviewer/transaction': {
        body: { items: ITEMS, total: 12_345, page: 0, pageSize: 10 },
      },
    });
    await screen.findByText('Coffee shop', {}, SLOW);
    expect(screen.getByText('1–10 de 12.345')).toBeInTheDocument();
  });

  it('sends the filters, the sign, the sort and the page to the server', async () => {
    const { user, spy } = renderTransactions();
    await screen.findByText('Coffee shop', {}, SLOW);
    expect(lastListQuery(spy)).toEqual({
      valueDateFrom: '2021-11-25',
      valueDateTo: '2026-11-25',
      amountSign: 'all',
      page: '0',
      pageSize: '10',
      sortBy: 'valueDate,desc',
    });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => {
      expect(lastListQuery(spy).page).toBe('1');
    });

    await user.click(screen.getByRole('button', { name: 'Income' }));
    await waitFor(() => {
      expect(lastListQuery(spy)).toMatchObject({ amountSign: 'income', page: '0' });
    });

    await user.click(screen.getByRole('columnheader', { name: /Amount/ }));
    await waitFor(() => {
      expect(lastListQuery(spy).sortBy).toBe('amount,asc');
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Company' }), 'Acme');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bank' }), 'BBVA');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account' }), ACCOUNT.accountId);
    await waitFor(() => {
      expect(lastListQuery(spy)).toMatchObject({
        companyNames: 'Acme',
        entCodes: 'BBVA',
        accountIds: ACCOUNT.accountId,
        amountSign: 'income',
        sortBy: 'amount,asc',
      });
    });
  });

  it('downloads the CSV of the same selection through a link the browser saves', async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const url = '/api/financialviewer/transaction/filteredCsv/file?amountSign=expense&signature=s';
    const { user, spy } = renderTransactions({
      'POST /api/financialviewer/transaction/filteredCsv/link': {
        body: { url, expiresAt: '2026-11-25T11:01:00.000Z' },
      },
    });
    await screen.findByText('Coffee shop', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Expense' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => {
      expect(clicked).toEqual([{ href: url, download: 'transactions.csv' }]);
    });
    const link = recordedCalls(spy).find((call) => call.path.endsWith('/filteredCsv/link'));
    expect(link?.headers.get('Authorization')).toBe('Bearer jwt');
    expect(Object.fromEntries(link?.query ?? [])).toEqual({
      valueDateFrom: '2021-11-25',
      valueDateTo: '2026-11-25',
      amountSign: 'expense',
      sortBy: 'valueDate,desc',
    });
  });

  it('tells a failed download in the user language', async () => {
    const { user } = renderTransactions({
      'POST /api/financialviewer/transaction/filteredCsv/link': {
        status: 400,
        body: errorBody('VALIDATION', 'Bad dates in English'),
      },
    });
    await screen.findByText('Coffee shop', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(
      await screen.findByText('Some of the information is not valid. Check it and try again.'),
    ).toBeVisible();
    expect(screen.queryByText('Bad dates in English')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});
