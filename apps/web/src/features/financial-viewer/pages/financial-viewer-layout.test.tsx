import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redirect } from 'react-router';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render';
import {
  buildAccount,
  buildAccountsResponse,
  buildConnection,
  accessResponse,
  signIn,
} from '../testing/viewer-fixtures';
import { SLOW, stubLayout } from '../../../test/layout-stub';
import { AccountsPage } from './accounts-page';
import { ConnectionsPage } from './connections-page';
import { FinancialViewerLayout } from './financial-viewer-layout';
import { ImportPage } from './import-page';

function renderViewer(path: string) {
  return renderRoutes(
    [
      {
        path: '/neurons/FinancialViewer',
        element: <FinancialViewerLayout />,
        children: [
          { index: true, loader: () => redirect('/neurons/FinancialViewer/financialConnection') },
          { path: 'financialConnection', element: <ConnectionsPage /> },
          { path: 'financialAccounts', element: <AccountsPage /> },
          { path: 'import', element: <ImportPage /> },
        ],
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
}

const TAB_NAMES = [
  'Connections',
  'Accounts',
  'Transactions',
  'Categorisation',
  'Cashflow',
  'Import data',
  'Plans',
  'API',
];

describe('FinancialViewerLayout', () => {
  beforeEach(() => {
    stubLayout();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens on the connections tab with every tab enabled for a subscriber', async () => {
    signIn();
    stubFetch({
      'GET /api/microservice/access/FinancialViewer': {
        body: accessResponse({ subscribed: true }),
      },
      'GET /api/financialviewer/connection': { body: [buildConnection()] },
      'GET /api/financialviewer/account': { body: buildAccountsResponse([buildAccount()]) },
      'GET /api/financialviewer/banks': { body: [] },
    });
    const { router } = renderViewer('/neurons/FinancialViewer');
    expect(await screen.findByText('Main bank', {}, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/neurons/FinancialViewer/financialConnection');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(TAB_NAMES);
    for (const tab of tabs) expect(tab).not.toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('tab', { name: 'Plans' })).toHaveAttribute(
      'href',
      '/neurons/FinancialViewer/plans',
    );
    expect(screen.queryByText('You need to subscribe to access this tab.')).toBeNull();
  });

  it('without a subscription blurs connections under the overlay and disables the tabs', async () => {
    signIn();
    const spy = stubFetch({
      'GET /api/microservice/access/FinancialViewer': {
        body: accessResponse({ subscribed: false }),
      },
      'GET /api/financialviewer/banks': { body: [] },
    });
    renderViewer('/neurons/FinancialViewer/financialConnection');
    const overlay = await screen.findByRole('region', { name: 'Subscription needed' });
    expect(overlay).toHaveTextContent('You need to subscribe to access this tab.');
    expect(within(overlay).getByRole('link', { name: 'Go to plans' })).toHaveAttribute(
      'href',
      '/neurons/FinancialViewer/plans',
    );
    for (const name of ['Accounts', 'Transactions', 'Categorisation', 'Cashflow', 'Import data']) {
      expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(screen.getByRole('tab', { name: 'Connections' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Plans' })).not.toHaveAttribute('aria-disabled', 'true');
    // The API pages are open without a subscription: they say what subscribing brings.
    expect(screen.getByRole('tab', { name: 'API' })).toHaveAttribute(
      'href',
      '/neurons/FinancialViewer/overview',
    );
    expect(screen.getByRole('tab', { name: 'API' })).not.toHaveAttribute('aria-disabled', 'true');
    // Nothing gated is asked for: the server would answer 402.
    const paths = recordedCalls(spy).map((call) => call.path);
    expect(paths).not.toContain('/api/financialviewer/connection');
    expect(paths).not.toContain('/api/financialviewer/account');
  });

  it('shows the import tab under the overlay too, and sends a gated tab back to connections', async () => {
    signIn();
    stubFetch({
      'GET /api/microservice/access/FinancialViewer': {
        body: accessResponse({ subscribed: false }),
      },
      'GET /api/financialviewer/banks': { body: [] },
    });
    const { router } = renderViewer('/neurons/FinancialViewer/import');
    expect(await screen.findByText('You need to subscribe to access this tab.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/neurons/FinancialViewer/import');

    await router.navigate('/neurons/FinancialViewer/financialAccounts');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/neurons/FinancialViewer/financialConnection');
    });
    expect(await screen.findByRole('region', { name: 'Subscription needed' })).toBeInTheDocument();
  });

  it('treats a 402 SUBSCRIPTION_REQUIRED answer as not subscribed', async () => {
    signIn();
    stubFetch({
      'GET /api/microservice/access/FinancialViewer': {
        body: accessResponse({ subscribed: true }),
      },
      'GET /api/financialviewer/connection': {
        status: 402,
        body: errorBody('SUBSCRIPTION_REQUIRED', 'The team has no active subscription.'),
      },
      'GET /api/financialviewer/account': {
        status: 402,
        body: errorBody('SUBSCRIPTION_REQUIRED'),
      },
      'GET /api/financialviewer/banks': { body: [] },
    });
    renderViewer('/neurons/FinancialViewer/financialConnection');
    expect(await screen.findByText('You need to subscribe to access this tab.')).toBeVisible();
    expect(screen.queryByText(/no active subscription/)).toBeNull();
  });

  it('shows a blocked user the error instead of the tabs', async () => {
    signIn({ blocked: true });
    stubFetch({
      'GET /api/microservice/access/FinancialViewer': {
        body: accessResponse({ subscribed: true }),
      },
    });
    renderViewer('/neurons/FinancialViewer/financialConnection');
    expect(await screen.findByText('The Financial Viewer is not available')).toBeVisible();
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
  });

  it('shows the error when the server says the user is blocked (423)', async () => {
    signIn();
    stubFetch({
      'GET /api/microservice/access/FinancialViewer': {
        body: accessResponse({ subscribed: true }),
      },
      'GET /api/financialviewer/account': {
        status: 423,
        body: errorBody('USER_BLOCKED', 'Blocked in English'),
      },
      'GET /api/financialviewer/connection': {
        status: 423,
        body: errorBody('USER_BLOCKED', 'Blocked in English'),
      },
      'GET /api/financialviewer/banks': { body: [] },
    });
    renderViewer('/neurons/FinancialViewer/financialConnection');
    await waitFor(() => {
      expect(screen.getByText('The Financial Viewer is not available')).toBeVisible();
      expect(screen.queryAllByRole('tab')).toHaveLength(0);
    });
    expect(screen.queryByText('Blocked in English')).toBeNull();
  });

  it('warns about accounts without a company, with a way to the accounts tab', async () => {
    signIn();
    stubFetch({
      'GET /api/microservice/access/FinancialViewer': {
        body: accessResponse({ subscribed: true }),
      },
      'GET /api/financialviewer/connection': { body: [] },
      'GET /api/financialviewer/account': {
        body: buildAccountsResponse([buildAccount({ accountCompanyName: null })]),
      },
      'GET /api/financialviewer/banks': { body: [] },
    });
    const { user, router } = renderViewer('/neurons/FinancialViewer/financialConnection');
    const button = await screen.findByRole('link', { name: 'Go to accounts' });
    expect(screen.getByText(/Some accounts have no company yet/)).toBeVisible();
    await user.click(button);
    expect(router.state.location.pathname).toBe('/neurons/FinancialViewer/financialAccounts');
  });
});
