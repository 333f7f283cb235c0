import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render';
import { SLOW, stubLayout } from '../../../test/layout-stub';
import {
  buildAccount,
  buildAccountsResponse,
  accessResponse,
  signIn,
} from '../testing/viewer-fixtures';
import { AccountsPage } from './accounts-page';

const EURO_ACCOUNT = buildAccount({ accountCompanyName: null });
const DOLLAR_CARD = buildAccount({
  accountName: 'Travel card',
  accountNumber: '1234 5678 9012 3456',
  accountType: 'CARD',
  accountSubtype: 'CREDIT',
  accountCurrency: 'USD',
  accountCurrentBalance: -25050,
  accountAvailableBalance: 474950,
});

function renderAccounts(routes: Parameters<typeof stubFetch>[0] = {}) {
  signIn();
  const spy = stubFetch({
    'GET /api/microservice/access/FinancialViewer': { body: accessResponse({ subscribed: true }) },
    'GET /api/financialviewer/account': {
      body: buildAccountsResponse([EURO_ACCOUNT, DOLLAR_CARD], {
        entities: 1,
        accounts: 1,
        cards: 1,
        totalBalance: 99601,
        totalAvailable: 572334,
        rates: { source: 'snapshot', date: '2026-11-21', rates: { USD: 1.05 } },
      }),
    },
    'GET /api/financialviewer/account/companies': {
      body: [{ companyId: '00000000-0000-4000-8000-0000000000aa', companyName: 'Acme' }],
    },
    ...routes,
  });
  return {
    spy,
    ...renderRoute({
      path: '/neurons/FinancialViewer/financialAccounts',
      element: <AccountsPage />,
    }),
  };
}

describe('AccountsPage', () => {
  beforeEach(() => {
    stubLayout();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the summary in euros with the rates used, and the accounts in their currency', async () => {
    renderAccounts();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await within(summary).findByText('996,01 €');
    expect(summary).toHaveTextContent('Entities1');
    expect(summary).toHaveTextContent('Cards1');
    expect(summary).toHaveTextContent('5.723,34 €');
    expect(
      screen.getByText(
        'Amounts in other currencies converted with the stored reference rates of 21-11-2026.',
      ),
    ).toBeVisible();
    const grid = screen.getByRole('grid', { name: 'Accounts' });
    await within(grid).findByText('Travel card', {}, SLOW);
    expect(within(grid).getByText('Card · Credit')).toBeVisible();
    expect(within(grid).getByText(/-250,50\sUS\$/)).toBeVisible();
    expect(within(grid).getByText('1.234,56 €')).toBeVisible();
    expect(within(grid).getByText('No company')).toBeVisible();
    expect(screen.queryByText(/counted as euros one to one/)).not.toBeInTheDocument();
  });

  it('says which currencies the totals count at par when no reference rate is published', async () => {
    const pesoAccount = buildAccount({ accountName: 'Buenos Aires', accountCurrency: 'ARS' });
    renderAccounts({
      'GET /api/financialviewer/account': {
        body: buildAccountsResponse([EURO_ACCOUNT, DOLLAR_CARD, pesoAccount], {
          rates: { source: 'ecb', date: '2026-11-21', rates: { EUR: 1, USD: 1.05 } },
          currenciesAtPar: ['ARS'],
        }),
      },
    });
    expect(
      await screen.findByText(
        'Amounts in ARS are counted as euros one to one: no reference rate is published for that currency.',
      ),
    ).toBeVisible();
  });

  it('shows 8 accounts a page, or 16 when chosen (spec §9)', async () => {
    const many = Array.from({ length: 20 }, (_, index) =>
      buildAccount({ accountName: `Account ${String(index + 1).padStart(2, '0')}` }),
    );
    const { user } = renderAccounts({
      'GET /api/financialviewer/account': { body: buildAccountsResponse(many) },
    });
    const grid = await screen.findByRole('grid', { name: 'Accounts' });
    await within(grid).findByText(/Account 01/, {}, SLOW);
    expect(within(grid).getAllByRole('row').slice(1)).toHaveLength(8);
    expect(within(grid).getByText(/Account 08/)).toBeVisible();
    expect(within(grid).queryByText(/Account 09/)).toBeNull();
    expect(screen.getByText('1–8 of 20')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const sizes = await screen.findByRole('listbox');
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['8', '16']);
    await user.click(within(sizes).getByRole('option', { name: '16' }));
    await within(grid).findByText(/Account 16/, {}, SLOW);
    expect(within(grid).getAllByRole('row').slice(1)).toHaveLength(16);
    expect(screen.getByText('1–16 of 20')).toBeInTheDocument();
  });

  it('adds a company (refusing a duplicate) and assigns it to the account', async () => {
    const { user, spy } = renderAccounts({
      'POST /api/financialviewer/account/companies': {
        status: 201,
        body: { companyId: '00000000-0000-4000-8000-0000000000bb', companyName: 'Globex' },
      },
      [`PUT /api/financialviewer/account/${EURO_ACCOUNT.accountId}/companyName`]: {
        body: { ...EURO_ACCOUNT, accountCompanyName: 'Globex' },
      },
    });
    await screen.findByText('Travel card', {}, SLOW);
    await user.click(
      screen.getByRole('button', { name: `Assign a company to ${EURO_ACCOUNT.accountName}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign company' });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(assign).toBeDisabled();
    expect(add).toBeDisabled();

    const newCompany = within(dialog).getByRole('textbox', { name: 'New company' });
    await user.type(newCompany, 'ACME');
    expect(within(dialog).getByText('There is already a company with this name.')).toBeVisible();
    expect(add).toBeDisabled();

    await user.clear(newCompany);
    await user.type(newCompany, 'Globex');
    await user.click(add);
    await waitFor(() => {
      expect(within(dialog).getByRole('combobox', { name: 'Company' })).toHaveValue('Globex');
    });
    await user.click(assign);
    expect(await screen.findByText(/now belongs to Globex/)).toBeVisible();
    const calls = recordedCalls(spy);
    expect(calls.find((call) => call.method === 'POST')?.json).toEqual({ companyName: 'Globex' });
    expect(calls.find((call) => call.method === 'PUT')?.json).toEqual({
      accountCompanyName: 'Globex',
    });
  });

  it('shows the server 409 for a company name that exists', async () => {
    const { user } = renderAccounts({
      'POST /api/financialviewer/account/companies': {
        status: 409,
        body: errorBody('CONFLICT', 'exists', {
          companyName: 'validation.financialViewer.companyExists',
        }),
      },
    });
    await screen.findByText('Travel card', {}, SLOW);
    await user.click(
      screen.getByRole('button', { name: `Assign a company to ${EURO_ACCOUNT.accountName}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign company' });
    await user.type(within(dialog).getByRole('textbox', { name: 'New company' }), 'Initech');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('There is already a company with this name.'),
    ).toBeVisible();
  });
});
