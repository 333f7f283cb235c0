import type { TConnection } from '@app/contracts/financial-viewer';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, recordedCalls, stubFetch } from '../../../test/fetch-stub';
import type { Routes } from '../testing/render-page';
import { renderRoute } from '../../../test/render';
import { SLOW, stubLayout } from '../../../test/layout-stub';
import { changeLanguage } from '../../../lib/i18n';
import { buildConnection, accessResponse, signIn } from '../testing/viewer-fixtures';
import { ConnectionsPage } from './connections-page';

const BANKS = [
  { bank_name: 'BBVA', bank_code: 'BBVA', country_code: 'ES', logo: 'data:image/svg+xml,bbva' },
];

function renderConnections(options: {
  connections?: TConnection[];
  banks?: number;
  routes?: Routes;
}) {
  const { connections = [buildConnection()], banks = 5, routes = {} } = options;
  signIn();
  const spy = stubFetch({
    'GET /api/microservice/access/FinancialViewer': {
      body: accessResponse({ subscribed: true, banks }),
    },
    'GET /api/financialviewer/connection': { body: connections },
    'GET /api/financialviewer/banks': { body: BANKS },
    ...routes,
  });
  return {
    spy,
    ...renderRoute({
      path: '/neurons/FinancialViewer/financialConnection',
      element: <ConnectionsPage />,
    }),
  };
}

function connectionCalls(spy: ReturnType<typeof stubFetch>) {
  return recordedCalls(spy).filter(
    (call) => call.method === 'GET' && call.path === '/api/financialviewer/connection',
  );
}

function postFromWidget(data: string, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

describe('ConnectionsPage', () => {
  beforeEach(() => {
    stubLayout();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists connections: OK as CONNECTED, the bank, the reason of an error, the refresh time', async () => {
    renderConnections({
      connections: [
        buildConnection({ conLastRefreshDate: '2026-11-20T23:30:00Z' }),
        buildConnection({
          conName: 'Savings',
          conStatus: 'EXPIRED',
          conStatusReason: 'CONSENT_EXPIRED',
        }),
      ],
    });
    const grid = await screen.findByRole('grid', { name: 'Connections' });
    await within(grid).findByText('Main bank', {}, SLOW);
    expect(within(grid).getByText('CONNECTED')).toBeVisible();
    expect(within(grid).getByText('EXPIRED')).toBeVisible();
    expect(within(grid).getByText('The bank access has expired: connect again.')).toBeVisible();
    // 23:30 UTC is the next day in Madrid, the user's time zone.
    expect(within(grid).getByText('21-11-2026 00:30')).toBeVisible();
    expect(within(grid).getAllByText('BBVA').length).toBeGreaterThan(0);
  });

  it('names every status in Spanish in the Spanish UI', async () => {
    await changeLanguage('es');
    renderConnections({
      connections: [
        buildConnection(),
        buildConnection({ conName: 'Savings', conStatus: 'UPDATING' }),
        buildConnection({ conName: 'Cards', conStatus: 'EXPIRED' }),
        buildConnection({ conName: 'Old', conStatus: 'ERROR' }),
      ],
    });
    const grid = await screen.findByRole('grid', { name: 'Conexiones' });
    await within(grid).findByText('Main bank', {}, SLOW);
    for (const status of ['CONECTADA', 'ACTUALIZANDO', 'CADUCADA', 'ERROR']) {
      expect(within(grid).getByText(status, { exact: true })).toBeVisible();
    }
    expect(within(grid).queryByText('UPDATING')).toBeNull();
    expect(within(grid).queryByText('EXPIRED')).toBeNull();
  });

  it('refuses a duplicate name, then creates the connection and opens the bank widget', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const created = buildConnection({ conName: 'Business', conStatus: 'PENDING' });
    const { user, spy } = renderConnections({
      routes: {
        'POST /api/financialviewer/connection': {
          status: 201,
          body: { ...created, widgetUrl: '/api/financialviewer/widget/abc' },
        },
      },
    });
    await screen.findByText('Main bank', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bank connection' });
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    const name = within(dialog).getByRole('textbox', { name: 'Connection name' });
    await user.type(name, 'main BANK');
    expect(within(dialog).getByText('There is already a connection with this name.')).toBeVisible();
    expect(next).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Business');
    await user.click(next);
    await waitFor(() => {
      expect(open).toHaveBeenCalledWith(
        '/api/financialviewer/widget/abc',
        'bank-widget',
        'popup,width=480,height=760',
      );
    });
    const post = recordedCalls(spy).find((call) => call.method === 'POST');
    expect(post?.json).toEqual({ conName: 'Business', source: 'BANK' });

    // The widget reports back: the list is read again.
    const before = connectionCalls(spy).length;
    postFromWidget('flow completed', 'https://evil.example');
    postFromWidget('flow completed');
    await waitFor(() => {
      expect(connectionCalls(spy).length).toBeGreaterThan(before);
    });
    expect(await screen.findByText(/The bank is connected/)).toBeVisible();

    postFromWidget('flow cancelled');
    expect(await screen.findByText(/The bank connection was cancelled/)).toBeVisible();
  });

  it('shows Plan exceeded when the widget says the plan filled up before its consent', async () => {
    renderConnections({});
    await screen.findByText('Main bank', {}, SLOW);
    postFromWidget('flow plan exceeded');
    const dialog = await screen.findByRole('dialog', { name: 'Plan exceeded' });
    expect(dialog).toHaveTextContent('You have used all the bank connections your plan includes');
  });

  it('shows the server 409 for the name under the field', async () => {
    const { user } = renderConnections({
      routes: {
        'POST /api/financialviewer/connection': {
          status: 409,
          body: errorBody('CONFLICT', 'Name taken', {
            conName: 'validation.financialViewer.connectionExists',
          }),
        },
      },
    });
    await screen.findByText('Main bank', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bank connection' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Connection name' }), 'Other');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findByText('There is already a connection with this name.'),
    ).toBeVisible();
    expect(screen.queryByText('Name taken')).toBeNull();
  });

  it('shows Plan exceeded without calling the server when the plan is used up', async () => {
    const { user, spy } = renderConnections({ banks: 1 });
    await screen.findByText('Main bank', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan exceeded' });
    expect(dialog).toHaveTextContent('You have used all the bank connections your plan includes');
    expect(recordedCalls(spy).some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows Plan exceeded when the server answers 422 PLAN_EXCEEDED', async () => {
    const { user } = renderConnections({
      routes: {
        'POST /api/financialviewer/connection': {
          status: 422,
          body: errorBody('PLAN_EXCEEDED'),
        },
      },
    });
    await screen.findByText('Main bank', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bank connection' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Connection name' }), 'Other');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Plan exceeded' })).toBeVisible();
  });

  it('deletes a connection only after confirming', async () => {
    const connection = buildConnection();
    const { user, spy } = renderConnections({
      connections: [connection],
      routes: {
        [`DELETE /api/financialviewer/connection/${connection.conId}`]: { status: 204 },
      },
    });
    await screen.findByText('Main bank', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Delete Main bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete connection' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Main bank?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(recordedCalls(spy).some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Main bank' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete connection' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Main bank was deleted.')).toBeVisible();
    expect(recordedCalls(spy).filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('reads the list every 3 seconds while a connection is UPDATING, and stops after', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const updating = buildConnection({ conStatus: 'UPDATING' });
    let reads = 0;
    const { spy } = renderConnections({
      routes: {
        'GET /api/financialviewer/connection': () => {
          reads += 1;
          return { body: [{ ...updating, conStatus: reads < 3 ? 'UPDATING' : 'OK' }] };
        },
      },
    });
    await screen.findByText('UPDATING', {}, SLOW);
    expect(connectionCalls(spy)).toHaveLength(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    await waitFor(() => {
      expect(connectionCalls(spy)).toHaveLength(2);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(await screen.findByText('CONNECTED', {}, SLOW)).toBeVisible();
    expect(connectionCalls(spy)).toHaveLength(3);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(9000);
    });
    expect(connectionCalls(spy)).toHaveLength(3);
  });
});
