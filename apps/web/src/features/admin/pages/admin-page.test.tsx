import type { TAdminUser, TAdminUsersResponse } from '@app/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { errorBody, recordedCalls, stubFetch, type StubbedCall } from '../../../test/fetch-stub';
import { buildUser } from '../../../test/fixtures';
import { renderRoute } from '../../../test/render';
import { AdminPage } from './admin-page';

function buildAdminUser(index: number, overrides: Partial<TAdminUser> = {}): TAdminUser {
  return {
    id: `user-${index}`,
    firstName: `First${index}`,
    lastName: `Last${index}`,
    email: `user${index}@acme.io`,
    enabled: true,
    roles: [5],
    teamId: `team-${index}`,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** 12 users: the server's pages of 10. */
function usersPage(call: StubbedCall) {
  const page = Number(call.query.get('page'));
  const all = Array.from({ length: 12 }, (_, index) =>
    buildAdminUser(index + 1, index === 1 ? { enabled: false } : {}),
  );
  const body: TAdminUsersResponse = {
    items: all.slice(page * 10, page * 10 + 10),
    total: all.length,
    page,
    size: 10,
  };
  return { body };
}

function renderAdmin(routes: Parameters<typeof stubFetch>[0] = {}) {
  localStorage.setItem('token', 'jwt');
  queryClient.setQueryData(USER_QUERY_KEY, buildUser({ id: 'admin-1', roles: [4] }));
  const spy = stubFetch({ 'GET /api/admin/users': usersPage, ...routes });
  return { spy, ...renderRoute({ path: '/admin', element: <AdminPage /> }) };
}

/** The `page` and `size` of each users-list request, in order. */
function userRequests(spy: ReturnType<typeof stubFetch>): string[] {
  return recordedCalls(spy)
    .filter((call) => call.path === '/api/admin/users')
    .map((call) => call.query.toString());
}

describe('AdminPage', () => {
  it('lists the first 10 users with their columns', async () => {
    const { spy } = renderAdmin();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'First name', 'Last name', 'Email', 'Enabled', 'Products', 'Options']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('user1@acme.io')).toBeInTheDocument();
    expect(within(table).queryByText('user11@acme.io')).toBeNull();
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    expect(userRequests(spy)[0]).toBe('page=0&size=10');
  });

  it('pages in Spanish when the UI is in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderAdmin();
    await screen.findByText('user1@acme.io');
    expect(screen.getByText('1–10 de 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a la página siguiente' })).toBeEnabled();
  });

  it('offers Activate only to users not enabled', async () => {
    renderAdmin();
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.getAllByRole('button', { name: /^Activate/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Activate user2@acme.io' })).toBeInTheDocument();
  });

  it('asks the server for the next page', async () => {
    const { user, spy } = renderAdmin();
    await screen.findByText('user1@acme.io');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('user11@acme.io')).toBeInTheDocument();
    expect(screen.queryByText('user1@acme.io')).toBeNull();
    expect(userRequests(spy).at(-1)).toBe('page=1&size=10');
  });

  it('activates a user and reloads the list', async () => {
    const { user, spy } = renderAdmin({
      'POST /api/admin/user/enable/user-2': { body: buildAdminUser(2) },
    });
    await user.click(await screen.findByRole('button', { name: 'Activate user2@acme.io' }));
    expect(
      await screen.findByText('The user user2@acme.io has been activated.'),
    ).toBeInTheDocument();
    expect(recordedCalls(spy).find((call) => call.method === 'POST')?.path).toBe(
      '/api/admin/user/enable/user-2',
    );
    await waitFor(() => {
      expect(userRequests(spy)).toHaveLength(2);
    });
  });

  it('says when there are no users yet', async () => {
    renderAdmin({
      'GET /api/admin/users': { body: { items: [], total: 0, page: 0, size: 10 } },
    });
    expect(await screen.findByText('There are no users yet.')).toBeInTheDocument();
  });

  it('shows the error when the list cannot be loaded', async () => {
    renderAdmin({
      'GET /api/admin/users': { status: 404, body: errorBody('NOT_FOUND') },
    });
    expect(await screen.findByText('What you are looking for does not exist.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('signs the administrator out on a 401', async () => {
    renderAdmin({ 'GET /api/admin/users': { status: 401, body: errorBody('UNAUTHORIZED') } });
    expect(await screen.findByTestId('location')).toHaveTextContent('/sign-in');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('leads to the add-user form and logs out', async () => {
    const { user } = renderAdmin();
    expect(await screen.findByRole('link', { name: 'Create new user' })).toHaveAttribute(
      'href',
      '/adminRegister',
    );
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/sign-in');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
